$JONG score "234m456p678s3455s" --win 5s --riichi --tsumo --seat S --dora 4s --ura 2m
