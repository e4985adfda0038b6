$JONG score 119m19p19s1234567z --win 1m --option double_yakuman=on --seat W --discarder S
