$JONG score --rules taiwan 123456m789p234s55p888s --win 8s --heavenly
