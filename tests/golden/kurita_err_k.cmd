"$JONG" play --players kurita:k=2 2>&1
