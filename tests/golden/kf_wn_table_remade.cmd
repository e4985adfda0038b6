"$JONG" kf wn-table --games 4000 --seed 7 --players kf-rule:w=6,claim=paper 2>/dev/null | cmp - ../../src/players/kf/kf_wn_table.c && echo "the shipped table is what the command makes"
