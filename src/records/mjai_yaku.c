/* Tenhou's yaku: the numbers of mjlog AGARI tags and the names of tenhou.net/6 JSON (Japanese,
 * and the English client's for the few that appear), each mapped to Jong's jong_yaku. Tenhou
 * numbers the seat and round winds separately per wind (10-13, 14-17); Jong has one entry each. */
#include <stdlib.h>
#include <string.h>

#include "jong/riichi_score.h"
#include "mjai_internal.h"

static const struct {
    uint8_t yaku;      /* jong_yaku; JONG_YAKU_COUNT where Jong has none (renhou) */
    const char *ja;    /* tenhou.net/6 name */
    const char *en;    /* the English client's name, NULL when not known */
} tenhou_yaku[55] = {
    {JONG_YAKU_MENZEN_TSUMO, "門前清自摸和", "Fully Concealed Hand"},
    {JONG_YAKU_RIICHI, "立直", "Riichi"},
    {JONG_YAKU_IPPATSU, "一発", "Ippatsu"},
    {JONG_YAKU_CHANKAN, "槍槓", "Robbing a Kan"},
    {JONG_YAKU_RINSHAN, "嶺上開花", "After a Kan"},
    {JONG_YAKU_HAITEI, "海底摸月", "Under the Sea"},
    {JONG_YAKU_HOUTEI, "河底撈魚", "Under the River"},
    {JONG_YAKU_PINFU, "平和", "Pinfu"},
    {JONG_YAKU_TANYAO, "断幺九", "All Simples"},
    {JONG_YAKU_IIPEIKOU, "一盃口", "Pure Double Sequence"},
    {JONG_YAKU_YAKUHAI_SEAT_WIND, "自風 東", NULL},
    {JONG_YAKU_YAKUHAI_SEAT_WIND, "自風 南", NULL},
    {JONG_YAKU_YAKUHAI_SEAT_WIND, "自風 西", NULL},
    {JONG_YAKU_YAKUHAI_SEAT_WIND, "自風 北", NULL},
    {JONG_YAKU_YAKUHAI_ROUND_WIND, "場風 東", NULL},
    {JONG_YAKU_YAKUHAI_ROUND_WIND, "場風 南", NULL},
    {JONG_YAKU_YAKUHAI_ROUND_WIND, "場風 西", NULL},
    {JONG_YAKU_YAKUHAI_ROUND_WIND, "場風 北", NULL},
    {JONG_YAKU_YAKUHAI_HAKU, "役牌 白", NULL},
    {JONG_YAKU_YAKUHAI_HATSU, "役牌 發", NULL},
    {JONG_YAKU_YAKUHAI_CHUN, "役牌 中", NULL},
    {JONG_YAKU_DOUBLE_RIICHI, "両立直", "Double Riichi"},
    {JONG_YAKU_CHIITOITSU, "七対子", "Seven Pairs"},
    {JONG_YAKU_CHANTA, "混全帯幺九", NULL},
    {JONG_YAKU_ITTSUU, "一気通貫", "Pure Straight"},
    {JONG_YAKU_SANSHOKU_DOUJUN, "三色同順", NULL},
    {JONG_YAKU_SANSHOKU_DOUKOU, "三色同刻", NULL},
    {JONG_YAKU_SANKANTSU, "三槓子", "Three Quads"},
    {JONG_YAKU_TOITOI, "対々和", "All Triplets"},
    {JONG_YAKU_SANANKOU, "三暗刻", NULL},
    {JONG_YAKU_SHOUSANGEN, "小三元", "Little Three Dragons"},
    {JONG_YAKU_HONROUTOU, "混老頭", NULL},
    {JONG_YAKU_RYANPEIKOU, "二盃口", NULL},
    {JONG_YAKU_JUNCHAN, "純全帯幺九", NULL},
    {JONG_YAKU_HONITSU, "混一色", "Half Flush"},
    {JONG_YAKU_CHINITSU, "清一色", "Full Flush"},
    {JONG_YAKU_COUNT, "人和", NULL},
    {JONG_YAKU_TENHOU, "天和", NULL},
    {JONG_YAKU_CHIIHOU, "地和", NULL},
    {JONG_YAKU_DAISANGEN, "大三元", "Big Three Dragons"},
    {JONG_YAKU_SUUANKOU, "四暗刻", NULL},
    {JONG_YAKU_SUUANKOU_TANKI, "四暗刻単騎", NULL},
    {JONG_YAKU_TSUUIISOU, "字一色", NULL},
    {JONG_YAKU_RYUUIISOU, "緑一色", NULL},
    {JONG_YAKU_CHINROUTOU, "清老頭", NULL},
    {JONG_YAKU_CHUUREN_POUTOU, "九蓮宝燈", NULL},
    {JONG_YAKU_JUNSEI_CHUUREN_POUTOU, "純正九蓮宝燈", NULL},
    {JONG_YAKU_KOKUSHI_MUSOU, "国士無双", NULL},
    {JONG_YAKU_KOKUSHI_MUSOU_JUUSANMEN, "国士無双１３面", NULL},
    {JONG_YAKU_DAISUUSHII, "大四喜", NULL},
    {JONG_YAKU_SHOUSUUSHII, "小四喜", NULL},
    {JONG_YAKU_SUUKANTSU, "四槓子", NULL},
    {JONG_YAKU_DORA, "ドラ", "Dora"},
    {JONG_YAKU_URA_DORA, "裏ドラ", "Ura Dora"},
    {JONG_YAKU_AKA_DORA, "赤ドラ", "Red Five"},
};

int mjai_tenhou_yaku(int id)
{
    return id >= 0 && id < 55 ? tenhou_yaku[id].yaku : JONG_YAKU_COUNT;
}

int mjai_tenhou6_yaku(const char *text, int *han)
{
    const char *open = strrchr(text, '(');
    if (!open || open == text)
        return -1;
    size_t n = (size_t)(open - text);
    int found = -1;
    for (int i = 0; i < 55 && found < 0; i++)
        if ((strlen(tenhou_yaku[i].ja) == n && !memcmp(text, tenhou_yaku[i].ja, n)) ||
            (tenhou_yaku[i].en && strlen(tenhou_yaku[i].en) == n && !memcmp(text, tenhou_yaku[i].en, n)))
            found = tenhou_yaku[i].yaku;
    if (found < 0)
        return -1;
    if (!strcmp(open, "(役満)") || !strcmp(open, "(Yakuman)")) {
        *han = 13;
        return found;
    }
    char *end;
    long h = strtol(open + 1, &end, 10);
    if (end == open + 1 || h < 0 || h > 100 || (strcmp(end, "飜)") && strcmp(end, "han)")))
        return -1;
    *han = (int)h;
    return found;
}
