/* The field (the bank hands that share no card with the player's) and what an
 * arrangement scores against it: the pair settlement of rules/settlement.py,
 * summed over the opponents in one pass for all three positions.
 *
 * Every pair total is a whole number except the expected sập làng multiplier,
 * so sums are kept in integers and the reference's values are met exactly
 * (with sập làng, to rounding).
 */
#include "kernel.h"

#include <stdlib.h>
#include <string.h>

void free_field(Field *field) {
    free(field->back);
    free(field->middle);
    free(field->front);
    free(field->value_back);
    free(field->value_middle);
    free(field->value_front);
    free(field->value_sum);
    free(field->none_power);
    free(field->all_power);
    memset(field, 0, sizeof(*field));
}

#define WORD_CHUNK 512 /* words ORed at a time at most: 13 rows of 4 KB stay in L1 */

static inline int64_t bit_count(uint64_t x) {
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int64_t)((x * 0x0101010101010101ULL) >> 56);
}

static int grow(FieldBuilder *b, int64_t needed) {
    if (needed <= b->capacity) return 0;
    int64_t capacity = needed + b->capacity;
    int32_t *rows = realloc(b->rows, (size_t)capacity * sizeof(int32_t));
    if (rows == NULL) return -1;
    b->rows = rows;
    Field *field = &b->hand->field;
    int16_t **columns[] = {&field->back, &field->middle, &field->front, &field->value_back, &field->value_middle,
                           &field->value_front, &field->value_sum};
    for (size_t i = 0; i < sizeof(columns) / sizeof(columns[0]); i++) {
        int16_t *grown = realloc(*columns[i], (size_t)capacity * sizeof(int16_t));
        if (grown == NULL) return -1;
        *columns[i] = grown;
    }
    double **powers[] = {&field->none_power, &field->all_power};
    for (size_t i = 0; i < 2; i++) {
        double *grown = realloc(*powers[i], (size_t)capacity * sizeof(double));
        if (grown == NULL) return -1;
        *powers[i] = grown;
    }
    b->capacity = capacity;
    return 0;
}

/* Start the field of a hand: nothing read yet.  About 1.3 % of the bank
 * survives (C(39,13) / C(52,13)); the columns grow if a bank is unusual. */
int field_start(FieldBuilder *b, const Tables *tables, HandState *hand) {
    memset(b, 0, sizeof(*b));
    memset(&hand->field, 0, sizeof(hand->field));
    b->tables = tables;
    b->hand = hand;
    if (grow(b, tables->bank_size / 50 + 1024) < 0) {
        field_abandon(b);
        return -1;
    }
    return 0;
}

/* OR the next ``count`` words of the 13 cards' bit sets: the bank hands
 * holding none of them are the field's.  Each new row is asked for at once
 * (prefetched) and read later, so that its cache miss overlaps other work. */
static int or_words(FieldBuilder *b, int64_t count) {
    const Tables *tables = b->tables;
    const uint8_t *cards = b->hand->cards;
    const int64_t words = tables->bank_words;
    uint64_t taken[WORD_CHUNK];
    while (count > 0 && b->next_word < words) {
        int64_t start = b->next_word, width = count < WORD_CHUNK ? count : WORD_CHUNK;
        if (start + width > words) width = words - start;
        const uint64_t *row = tables->holds + (int64_t)cards[0] * words + start;
        for (int64_t w = 0; w < width; w++) taken[w] = row[w];
        for (int i = 1; i < 13; i++) {
            row = tables->holds + (int64_t)cards[i] * words + start;
            for (int64_t w = 0; w < width; w++) taken[w] |= row[w];
        }
        int64_t fresh = 0;
        for (int64_t w = 0; w < width; w++) {
            int64_t base = 64 * (start + w);
            taken[w] = ~taken[w];
            if (base + 64 > tables->bank_size) taken[w] &= ((uint64_t)1 << (tables->bank_size - base)) - 1;
            fresh += bit_count(taken[w]);
        }
        if (grow(b, b->found + fresh) < 0) return -1;
        int32_t *rows = b->rows;
        int64_t found = b->found;
        for (int64_t w = 0; w < width; w++) {
            int64_t base = 64 * (start + w);
            for (uint64_t bits = taken[w]; bits; bits &= bits - 1) {
                int32_t at = (int32_t)(base + __builtin_ctzll(bits));
                __builtin_prefetch(tables->bank_rows + tables->bank_width * (int64_t)at);
                rows[found++] = at;
            }
        }
        b->found = found;
        b->next_word += width;
        count -= width;
    }
    return 0;
}

/* Read the rows found so far up to ``upto``: opponents whose natural the
 * variant pays are counted apart; the rest are laid out column by column. */
static void gather(FieldBuilder *b, int64_t upto) {
    const Tables *tables = b->tables;
    HandState *hand = b->hand;
    Field *field = &hand->field;
    int64_t plays = field->plays;
    for (int64_t i = b->gathered; i < upto; i++) {
        const int16_t *entry = tables->bank_rows + tables->bank_width * (int64_t)b->rows[i];
        int natural = (uint8_t)entry[3];
        if (natural != NO_NATURAL && tables->natural_payout[natural] > 0) {
            field->naturals[natural]++;
            field->natural_total += tables->natural_payout[natural];
            continue;
        }
        int16_t back = entry[0], middle = entry[1], front = entry[2];
        field->back[plays] = back;
        field->middle[plays] = middle;
        field->front[plays] = front;
        field->value_back[plays] = (int16_t)tables->value_back[back];
        field->value_middle[plays] = (int16_t)tables->value_middle[middle];
        field->value_front[plays] = (int16_t)tables->value_front[front];
        field->value_sum[plays] =
            (int16_t)(tables->value_back[back] + tables->value_middle[middle] + tables->value_front[front]);
        if (hand->sap_active) { /* the other opponents' sập làng chances (the row holds them then) */
            field->none_power[plays] = power((double)entry[ROW_SCOOPED] / RATE_SCALE, hand->others);
            field->all_power[plays] = power((double)entry[ROW_SCOOPS] / RATE_SCALE, hand->others);
        }
        plays++;
    }
    field->plays = plays;
    b->gathered = upto;
}

/* One step of the field, between two fronts of the split walk: the rows
 * found at the last step are read (their misses had a front's walk to
 * arrive), and the next ``1 / steps`` of the bit sets is ORed. */
int field_step(FieldBuilder *b, int steps) {
    if (b->failed) return -1;
    gather(b, b->found);
    int64_t per_step = (b->tables->bank_words + steps - 1) / steps;
    if (or_words(b, per_step) < 0) b->failed = 1;
    return b->failed ? -1 : 0;
}

/* The rest of the field, once the walk is done. */
int field_finish(FieldBuilder *b) {
    if (b->failed || or_words(b, b->tables->bank_words) < 0) {
        field_abandon(b);
        return -1;
    }
    gather(b, b->found);
    b->hand->field.size = b->found;
    free(b->rows);
    b->rows = NULL;
    return 0;
}

void field_abandon(FieldBuilder *b) {
    free(b->rows);
    b->rows = NULL;
    free_field(&b->hand->field);
}

/* The whole field at once (the same work, without a walk to overlap). */
int build_field(const Tables *tables, HandState *hand) {
    FieldBuilder b;
    if (field_start(&b, tables, hand) < 0) return -1;
    return field_finish(&b);
}

typedef struct {
    int64_t additive, majority, wins, losses, lost_value;
} Sweep;

#define BLOCK 4096 /* opponents per block: int32 sums cannot overflow within one */

/* Per opponent who plays: the positions' values won and lost, the majority
 * unit's sign, and whether either side wins all three.  In 16-bit lanes
 * (classes, values and their sums fit), comparisons as 0/-1 masks.  With
 * ``marks``, each opponent's sweep is also written down (1: swept, 2: swept
 * by them) for sập làng's sums. */
static inline __attribute__((always_inline)) Sweep sweep_into(const Field *field, int mine_b, int mine_m, int mine_f,
                                                              int value_b, int value_m, int value_f,
                                                              int16_t *restrict marks) {
    Sweep total = {0, 0, 0, 0, 0};
    const int16_t mb = (int16_t)mine_b, mm = (int16_t)mine_m, mf = (int16_t)mine_f;
    const int16_t vb = (int16_t)value_b, vm = (int16_t)value_m, vf = (int16_t)value_f;
    const int16_t *restrict back = field->back, *restrict middle = field->middle, *restrict front = field->front;
    const int16_t *restrict their_b = field->value_back, *restrict their_m = field->value_middle;
    const int16_t *restrict their_f = field->value_front, *restrict their_sum = field->value_sum;
    for (int64_t start = 0; start < field->plays; start += BLOCK) {
        int64_t end = start + BLOCK < field->plays ? start + BLOCK : field->plays;
        int32_t additive = 0, majority = 0, wins = 0, losses = 0, lost_value = 0;
        for (int64_t j = start; j < end; j++) {
            int16_t gb = (int16_t)-(mb > back[j]), lb = (int16_t)-(mb < back[j]);
            int16_t gm = (int16_t)-(mm > middle[j]), lm = (int16_t)-(mm < middle[j]);
            int16_t gf = (int16_t)-(mf > front[j]), lf = (int16_t)-(mf < front[j]);
            int16_t won = (int16_t)((vb & gb) + (vm & gm) + (vf & gf));
            int16_t lost = (int16_t)((their_b[j] & lb) + (their_m[j] & lm) + (their_f[j] & lf));
            additive += won - lost;
            int16_t ahead = (int16_t)((lb - gb) + (lm - gm) + (lf - gf));
            majority += (ahead > 0) - (ahead < 0);
            int16_t swept = (int16_t)(gb & gm & gf), swept_by = (int16_t)(lb & lm & lf);
            wins -= swept;
            losses -= swept_by;
            lost_value += their_sum[j] & swept_by;
            if (marks) marks[j] = (int16_t)((swept & 1) | (swept_by & 2));
        }
        total.additive += additive;
        total.majority += majority;
        total.wins += wins;
        total.losses += losses;
        total.lost_value += lost_value;
    }
    return total;
}

static Sweep sweep(const Field *field, int mine_b, int mine_m, int mine_f, int value_b, int value_m, int value_f) {
    return sweep_into(field, mine_b, mine_m, mine_f, value_b, value_m, value_f, NULL);
}

static Sweep sweep_marked(const Field *field, int mine_b, int mine_m, int mine_f, int value_b, int value_m,
                          int value_f, int16_t *marks) {
    return sweep_into(field, mine_b, mine_m, mine_f, value_b, value_m, value_f, marks);
}

/* The expected points per opponent of the chi (high, low, front) against the
 * field: E[pair total], sập làng as expected (the other opponents independent). */
double exact_value(const Tables *tables, const HandState *hand, int high, int low, int front) {
    const Field *field = &hand->field;
    int value_b = tables->value_back[high], value_m = tables->value_middle[low], value_f = tables->value_front[front];
    /* With sập làng the sweeps are written down in the same pass, and summed from there. */
    int16_t *marks = hand->sap_active ? malloc((size_t)(field->plays > 0 ? field->plays : 1) * sizeof(int16_t)) : NULL;
    Sweep s = marks ? sweep_marked(field, high, low, front, value_b, value_m, value_f, marks)
                    : sweep(field, high, low, front, value_b, value_m, value_f);
    int64_t majority = tables->majority_bonus, multiplier = tables->scoop_multiplier;
    int64_t won_each = value_b + value_m + value_f + majority;
    int64_t whole = s.additive + majority * s.majority +
                    (multiplier - 1) * (s.wins * won_each - s.lost_value - s.losses * majority);
    double total = (double)whole;
    if (hand->sap_active) {
        double size = (double)field->size;
        double mine_all = power((double)s.wins / size, hand->others);
        double mine_none = power((double)s.losses / size, hand->others);
        double none_sum = 0.0, all_sum = 0.0, value_all_sum = 0.0;
        for (int64_t j = 0; marks && (s.wins || s.losses) && j < field->plays; j++) {
            if (!marks[j]) continue;
            if (marks[j] & 1) none_sum += field->none_power[j];
            if (marks[j] & 2) {
                all_sum += field->all_power[j];
                value_all_sum += (double)field->value_sum[j] * field->all_power[j];
            }
        }
        if (!marks && (s.wins || s.losses)) { /* no memory for the marks: compare again */
            for (int64_t j = 0; j < field->plays; j++) {
                int swept_by = low < field->middle[j] && high < field->back[j] && front < field->front[j];
                int swept = low > field->middle[j] && high > field->back[j] && front > field->front[j];
                if (swept) none_sum += field->none_power[j];
                if (swept_by) {
                    all_sum += field->all_power[j];
                    value_all_sum += (double)field->value_sum[j] * field->all_power[j];
                }
            }
        }
        free(marks);
        double won_chance = (double)s.wins * mine_all + (1.0 - mine_all) * none_sum;
        double lost_total = (double)(s.lost_value + s.losses * majority) * mine_none +
                            (1.0 - mine_none) * (value_all_sum + (double)majority * all_sum);
        double extra = (double)((tables->sap_lang_multiplier - 1) * tables->scoop_multiplier);
        total += extra * ((double)won_each * won_chance - lost_total);
    }
    total -= (double)field->natural_total;
    return total / (double)field->size;
}

/* Counts behind an outlook, over the opponents who play: wins and losses per
 * position, each position's points (its value won or the opponent's lost),
 * scoops and scoops against; then the opponents who play and the field size. */
void outlook_counts(const Tables *tables, const HandState *hand, int high, int low, int front, int64_t out[12]) {
    const Field *field = &hand->field;
    int value_b = tables->value_back[high], value_m = tables->value_middle[low], value_f = tables->value_front[front];
    memset(out, 0, 12 * sizeof(int64_t));
    for (int64_t j = 0; j < field->plays; j++) {
        int gb = high > field->back[j], lb = high < field->back[j];
        int gm = low > field->middle[j], lm = low < field->middle[j];
        int gf = front > field->front[j], lf = front < field->front[j];
        out[0] += gb;
        out[1] += gm;
        out[2] += gf;
        out[3] += lb;
        out[4] += lm;
        out[5] += lf;
        out[6] += gb * value_b - lb * field->value_back[j];
        out[7] += gm * value_m - lm * field->value_middle[j];
        out[8] += gf * value_f - lf * field->value_front[j];
        out[9] += gb & gm & gf;
        out[10] += lb & lm & lf;
    }
    out[11] = field->plays;
}

/* A fouled arrangement (docs/rules.md, "Settling a table", R11, R13): its total against the field, what
 * the opponents' back, middle and front are worth together, and the field size. */
void fouled_sums(const Tables *tables, const HandState *hand, int64_t out[5]) {
    const Field *field = &hand->field;
    int64_t won = 0, back = 0, middle = 0, front = 0;
    for (int64_t j = 0; j < field->plays; j++) {
        back += field->value_back[j];
        middle += field->value_middle[j];
        front += field->value_front[j];
    }
    won = tables->foul_pays_bonuses ? back + middle + front : 3 * field->plays;
    int64_t per_unit = tables->foul_multiplier;
    if (hand->sap_active && tables->foul_counts_as_scoop) per_unit *= tables->sap_lang_multiplier;
    out[0] = -(won + tables->majority_bonus * field->plays) * per_unit - field->natural_total;
    out[1] = back;
    out[2] = middle;
    out[3] = front;
    out[4] = field->size;
}

/* Declaring natural ``mine`` (an index of NATURAL_KEYS) worth ``payout``
 * against the field (R7-R9): the total points. */
int64_t natural_sum(const Tables *tables, const HandState *hand, int mine, int64_t payout) {
    const Field *field = &hand->field;
    int64_t total = field->plays * payout;
    for (int natural = 0; natural < NATURAL_SLOTS; natural++) {
        int64_t count = field->naturals[natural];
        if (!count) continue;
        if (tables->natural_draw || natural == mine) continue;
        total += natural < mine ? -count * tables->natural_payout[natural] : count * payout;
    }
    return total;
}
