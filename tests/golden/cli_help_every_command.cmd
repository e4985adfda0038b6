# Every command and sub-command prints its help on stdout, nothing on stderr, and exits 0 (the man
# page is made from these texts); the usage line names the command. `jong help CMD` is the same.
for c in analyze simcat kf "kf wn-table" shanten score "score --rules taiwan" play "play --human E" bot serve \
    convert replay review web arena "arena summary" "arena compare" train "train alpha" "train kurita" bench \
    "bench shanten" "bench selfplay" "bench score" "bench simcat" "bench kf" "bench mizukami" "bench analyze" \
    "bench kurita" "bench python" "bench neural"; do
    out=$($JONG $c --help 2>/dev/null)
    status=$?
    err=$($JONG $c --help 2>&1 >/dev/null)
    echo "$c: exit $status, $(echo "$out" | head -1 | cut -d' ' -f1-4)${err:+, stderr: $err}"
done
for c in analyze arena bench train kf; do
    [ "$($JONG help $c)" = "$($JONG $c --help)" ] || echo "jong help $c differs"
done
