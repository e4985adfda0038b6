$JONG score "[2222m] [9999m] (9999p) 333p7z" --win 7z --seat S
