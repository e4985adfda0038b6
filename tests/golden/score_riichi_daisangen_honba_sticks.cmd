$JONG score --rules riichi "[555z] [666z] 777z123m99p" --win 9p --tsumo --honba 2 --sticks 1
