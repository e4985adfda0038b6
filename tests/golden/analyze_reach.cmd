$JONG analyze 12368m2478p3569s1z --draws 6 --reach 3 --sims 100 | sed -n '/^chances/,$p' | sed -n '/exact for the model/p;/^  5s/,/^  2m/p'
