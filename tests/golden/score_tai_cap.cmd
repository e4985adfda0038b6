$JONG score --rules taiwan "[777z] 111z222z333z444z55z" --win 4z --seat S --discarder 2 --option tai_cap=10
