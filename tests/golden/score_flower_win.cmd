$JONG score --rules taiwan "1357m2468p13579s123z f1f2f3f4s1s2s3" --win s4 --seat 1 --self-draw
