/* The riichi rules of a hand's and a game's end that depend only on hands and scores: tenpai
 * payments, the nine-terminals condition, the next hand or the game's end, the final ranking
 * and result. */
#include "game_riichi.h"

#include "jong/tile.h"

void riichi_tenpai_payments_seats(unsigned tenpai, int seats, int32_t deltas[4])
{
    int n = 0, pot = 1000 * (seats - 1);  /* 3000 in all with four players, 2000 with three */
    for (int s = 0; s < seats; s++)
        n += tenpai >> s & 1;
    for (int s = 0; s < 4; s++)
        deltas[s] = n == 0 || n == seats || s >= seats ? 0 : (tenpai >> s & 1) ? pot / n : -pot / (seats - n);
}

void riichi_tenpai_payments(unsigned tenpai, int32_t deltas[4]) { riichi_tenpai_payments_seats(tenpai, 4, deltas); }

bool riichi_nagashi(const uint8_t *river, const uint8_t *claimed, int n)
{
    for (int i = 0; i < n; i++)
        if (!jong_kind_is_yaochu(river[i]) || claimed[i])
            return false;
    return n > 0;
}

void riichi_nagashi_payments(int seat, int dealer, int32_t deltas[4])
{
    riichi_nagashi_payments_seats(seat, dealer, 4, deltas);
}

void riichi_nagashi_payments_split(int seat, int dealer, int32_t deltas[4])
{
    /* a mangan tsumo with the North's share halved onto the two payers */
    for (int s = 0; s < 3; s++) {
        if (s == seat)
            continue;
        int32_t pay = seat == dealer ? 6000 : s == dealer ? 5000 : 3000;
        deltas[s] -= pay;
        deltas[seat] += pay;
    }
}

void riichi_nagashi_payments_seats(int seat, int dealer, int seats, int32_t deltas[4])
{
    for (int s = 0; s < seats; s++) {
        if (s == seat)
            continue;
        int32_t pay = seat == dealer || s == dealer ? 4000 : 2000;
        deltas[s] -= pay;
        deltas[seat] += pay;
    }
}

bool riichi_nine_terminals(const uint8_t counts[JONG_KINDS])
{
    int kinds = 0;
    for (int k = 0; k < JONG_KINDS; k++)
        kinds += jong_kind_is_yaochu(k) && counts[k] > 0;
    return kinds >= 9;
}

/* score / 1000 rounded half away from zero (scores are multiples of 100) */
static int thousands(int32_t score)
{
    int32_t a = score < 0 ? -score : score;
    int q = (int)((a + 500) / 1000);
    return score < 0 ? -q : q;
}

void riichi_final_result(const int32_t scores[4], const int uma[4], int return_score, int rank[4],
                         int points[4])
{
    riichi_final_result_seats(4, scores, uma, return_score, rank, points);
}

void riichi_final_result_seats(int seats, const int32_t scores[4], const int uma[4], int return_score, int rank[4],
                               int points[4])
{
    for (int s = 0; s < 4; s++) {
        rank[s] = s < seats ? 0 : s;  /* an empty fourth seat: last, with nothing */
        points[s] = 0;
        for (int o = 0; o < seats && s < seats; o++)
            rank[s] += scores[o] > scores[s] || (scores[o] == scores[s] && o < s);
    }
    int first = 0, others = 0;
    for (int s = 0; s < seats; s++) {
        if (rank[s] == 0) {
            first = s;
            continue;
        }
        points[s] = thousands(scores[s]) - return_score / 1000 + uma[rank[s]];
        others += points[s];
    }
    points[first] = -others;
}

/* Is seat first (ties to the seat nearer seat 0)? */
static bool first_place(const int32_t scores[4], int seats, int seat)
{
    for (int o = 0; o < seats; o++)
        if (scores[o] > scores[seat] || (scores[o] == scores[seat] && o < seat))
            return false;
    return true;
}

bool riichi_next_hand(const jong_ruleset *rs, int kyoku, int honba, bool dealer_keeps, bool draw, bool abortive,
                      const int32_t scores[4], int dealer, int *next_kyoku, int *next_honba)
{
    bool someone_up = false, below = false;
    int seats = jong_ruleset_seats(rs);
    for (int s = 0; s < seats; s++) {
        someone_up |= scores[s] >= rs->return_score;
        below |= scores[s] < 0;
    }
    if (rs->tobi && below)
        return true;
    /* the last hand and every hand of the extension (extension_rounds rounds at most) end alike:
     * a dealer who keeps the deal plays on unless agari-yame stops the game (a tonpuu game of
     * January 2022 went on to South 1 honba 2 after the dealer's tenpai with another seat at
     * 30800); a tenpai at the draw stops it only with tenpai_yame (March 2009 games went on) */
    int last = (rs->tonpuu ? 1 : 2) * seats - 1, limit = last + seats * rs->extension_rounds;
    if (kyoku >= last) {
        if (dealer_keeps && !abortive && rs->agari_yame && (!draw || rs->tenpai_yame) &&
            scores[dealer] >= rs->return_score && first_place(scores, seats, dealer))
            return true;
        if (!dealer_keeps && (someone_up || kyoku >= limit))
            return true;
    }
    *next_kyoku = dealer_keeps ? kyoku : kyoku + 1;
    *next_honba = dealer_keeps || draw ? honba + 1 : 0;
    return false;
}
