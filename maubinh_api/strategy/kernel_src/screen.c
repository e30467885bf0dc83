/* The hand's subsets, its legal splits, their screening values and the shortlists.
 *
 * Arithmetic follows strategy/reference.py operation by operation (the build
 * turns off floating-point contraction), so the screening values are the
 * reference's to the last bit and both pick the same shortlist.
 */
#include "kernel.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Class numbers of the 1,287 five-card and 286 three-card subsets (the hand is
 * sorted, so a subset's ranks are in order and its multiset number is a sum of
 * per-column offsets), and the ranks each subset holds two or more of. */
int classify_subsets(const Tables *tables, HandState *hand) {
    int ranks[13], codes[13];
    for (int i = 0; i < 13; i++) {
        ranks[i] = hand->cards[i] >> 2;
        codes[i] = (1 << ranks[i]) | (1 << (13 + (hand->cards[i] & 3)));
    }
    for (int s = 0; s < FIVE_SUBSETS; s++) {
        const uint8_t *positions = tables->fives + 5 * s;
        int64_t colex = 0;
        int seen = 0, counts[13] = {0};
        uint16_t pairs = 0;
        for (int column = 0; column < 5; column++) {
            int position = positions[column];
            colex += tables->offsets5[13 * column + ranks[position]];
            seen |= codes[position];
            if (++counts[ranks[position]] == 2) pairs |= (uint16_t)(1 << ranks[position]);
        }
        int suits = seen >> 13;
        int flush = (suits & (suits - 1)) == 0;
        int64_t id = flush ? FLUSH_ID_BASE + (seen & 0x1FFF) : colex;
        if (id < 0 || id >= ID5_COUNT || tables->class_of_id5[id] < 0) return -1;
        hand->class5[s] = (int16_t)tables->class_of_id5[id];
        hand->pairs5[s] = pairs;
    }
    for (int t = 0; t < THREE_SUBSETS; t++) {
        const uint8_t *positions = tables->threes + 3 * t;
        int64_t colex = 0;
        int counts[13] = {0};
        uint16_t pairs = 0;
        for (int column = 0; column < 3; column++) {
            int position = positions[column];
            colex += tables->offsets3[13 * column + ranks[position]];
            if (++counts[ranks[position]] == 2) pairs |= (uint16_t)(1 << ranks[position]);
        }
        if (colex < 0 || colex >= ID3_COUNT) return -1;
        hand->class3[t] = (int16_t)tables->class_of_id3[colex];
        hand->pairs3[t] = pairs;
    }
    return 0;
}

/* P(won more positions than lost) - P(lost more than won), positions independent. */
static double ahead_minus_behind(const double *b, const double *m, const double *f) {
    double w1 = b[COL_WIN], t1 = b[COL_TIE], l1 = b[COL_LOSE];
    double w2 = m[COL_WIN], t2 = m[COL_TIE], l2 = m[COL_LOSE];
    double w3 = f[COL_WIN], t3 = f[COL_TIE], l3 = f[COL_LOSE];
    double two_ahead = w1 * w2, two_behind = l1 * l2;
    double one_ahead = w1 * t2 + t1 * w2, one_behind = l1 * t2 + t1 * l2;
    double level = t1 * t2 + w1 * l2 + l1 * w2;
    return two_ahead - two_behind + one_ahead * (w3 + t3) - one_behind * (t3 + l3) + level * (w3 - l3);
}

/* The closed-form expected points of a split against the preset's opponents. */
double screen_value(const Tables *tables, const HandState *hand, int high, int low, int front) {
    const double *b = tables->screen_back + SCREEN_COLUMNS * high;
    const double *m = tables->screen_middle + SCREEN_COLUMNS * low;
    const double *f = tables->screen_front + SCREEN_COLUMNS * front;
    double majority = (double)tables->majority_bonus;
    double total = b[COL_ADDITIVE] + m[COL_ADDITIVE] + f[COL_ADDITIVE];
    double scoop = b[COL_SCOOP] * m[COL_SCOOP] * f[COL_SCOOP];
    double scooped = b[COL_SCOOPED] * m[COL_SCOOPED] * f[COL_SCOOPED];
    double scoop_gain = scoop * (b[COL_VALUE] + m[COL_VALUE] + f[COL_VALUE] + majority);
    double scooped_loss = scooped * (b[COL_LOSS_IF_LOST] + m[COL_LOSS_IF_LOST] + f[COL_LOSS_IF_LOST] + majority);
    if (tables->scoop_multiplier != 1) total += (double)(tables->scoop_multiplier - 1) * (scoop_gain - scooped_loss);
    if (tables->majority_bonus) total += majority * ahead_minus_behind(b, m, f);
    if (hand->sap_active) {
        double extra = (double)((tables->sap_lang_multiplier - 1) * tables->scoop_multiplier);
        total += extra * (scoop_gain * power(scoop, hand->others) - scooped_loss * power(scooped, hand->others));
    }
    return (1.0 - tables->natural_rate) * total - tables->natural_cost;
}

/* Offer a split to a shortlist ordered by value (higher first), then split id
 * (lower first).  Splits come in increasing id, so a later split never beats
 * an equal value; a key already listed has an equal value and an earlier id. */
static void offer(Picks *picks, const Pick *pick, int by_ranking) {
    int count = picks->count;
    if (count == picks->capacity) {
        const Pick *last = &picks->items[count - 1];
        if (by_ranking ? pick->ranking <= last->ranking : !(pick->value > last->value)) return;
    }
    for (int i = 0; i < count; i++) {
        if (picks->items[i].key == pick->key) return;
    }
    int place = count;
    while (place > 0) {
        const Pick *before = &picks->items[place - 1];
        if (by_ranking ? before->ranking >= pick->ranking : before->value >= pick->value) break;
        place--;
    }
    int kept = count < picks->capacity ? count : count - 1;
    memmove(&picks->items[place + 1], &picks->items[place], (size_t)(kept - place) * sizeof(Pick));
    picks->items[place] = *pick;
    picks->count = kept + 1;
}

static int listed(const Picks *picks, int64_t key) {
    for (int i = 0; i < picks->count; i++)
        if (picks->items[i].key == key) return 1;
    return 0;
}

static inline int legal_pair(const Tables *tables, const HandState *hand, int k, int *high, int *low, int *front) {
    int a = hand->class5[tables->split_first[k]], b = hand->class5[tables->split_second[k]];
    int f = hand->class3[tables->split_front[k]];
    *high = a > b ? a : b;
    *low = a > b ? b : a;
    *front = f;
    if (*low < tables->front_floor[f]) return 0;
    if (tables->foul_on_equal && a == b) return 0;
    return a == b ? 2 : 1;
}

/* A class's bound fields.  Tiny chances are moved so that the bound's
 * products never reach subnormal floats (a hundred cycles each on x86): a
 * scoop chance up to 1e-10 (it only raises the bound), a chance of being
 * scooped down to 0 (its term is subtracted, so that raises it too). */
static inline void bound_fields(const double *row, float out[BOUND_FIELDS]) {
    out[BOUND_ADDITIVE] = (float)row[COL_ADDITIVE];
    out[BOUND_SCOOP] = row[COL_SCOOP] < 1e-10 ? 1e-10f : (float)row[COL_SCOOP];
    out[BOUND_SCOOPED] = row[COL_SCOOPED] < 1e-10 ? 0.0f : (float)row[COL_SCOOPED];
    out[BOUND_AHEAD] = (float)(row[COL_WIN] - row[COL_LOSE]);
}

/* Plain comparisons, which the compiler makes one instruction each: fminf and
 * fmaxf are library calls (for their NaN rules, which cannot arise here). */
static inline float least(float a, float b) { return a < b ? a : b; }
static inline float most(float a, float b) { return a > b ? a : b; }

/* base ** exponent for the exponents the tables hold, 0-3 (the other opponents, and one more), without a loop. */
static inline float float_power(float base, int exponent) {
    float square = base * base;
    return exponent == 0 ? 1.0f : exponent == 1 ? base : exponent == 2 ? square : square * base;
}

/* The floor before the shortlist is full: below any split's value, above an illegal split's. */
#define NO_FLOOR -1e30f


typedef struct {
    float majority, gain_weight, keep, cost, extra;
    int others, equal_fouls;
} BoundRules;

static BoundRules bound_rules(const Tables *tables, const HandState *hand) {
    BoundRules r = {
        (float)tables->majority_bonus,
        (float)(tables->scoop_multiplier - 1),
        (float)(1.0 - tables->natural_rate),
        (float)tables->natural_cost,
        (float)((tables->sap_lang_multiplier - 1) * tables->scoop_multiplier),
        hand->others,
        tables->foul_on_equal,
    };
    return r;
}

/* A front's share of its splits' bounds. */
static void front_bound(const Tables *tables, const HandState *hand, const BoundRules *r, int t, FrontBound *f) {
    float fields[BOUND_FIELDS];
    const double *row = tables->screen_front + SCREEN_COLUMNS * hand->class3[t];
    bound_fields(row, fields);
    f->additive = fields[BOUND_ADDITIVE];
    f->scoop = fields[BOUND_SCOOP];
    f->scooped = fields[BOUND_SCOOPED];
    f->ahead = fields[BOUND_AHEAD] + 1.0f;
    f->value = (float)row[COL_VALUE] + hand->most_value[0] + hand->most_value[1] + r->majority;
    f->loss = (float)row[COL_LOSS_IF_LOST] + hand->least_loss[0] + hand->least_loss[1] + r->majority;
    f->front = hand->class3[t];
    f->floor_class = tables->front_floor[f->front];
    f->index = t;
}

/* The upper bound of one legal split's screening value (see walk_front), for
 * the questions asked after the walk: is this split worth valuing at all? */
static double split_bound(const Tables *tables, const HandState *hand, const BoundRules *r, int k) {
    const FrontBound f = hand->fronts[tables->split_front[k]]; /* as the walk left them */
    int x = tables->split_first[k], y = tables->split_second[k];
    int up = hand->class5[x] >= hand->class5[y];
    const float *back = hand->bounds[up ? x : y].back, *middle = hand->bounds[up ? y : x].middle;
    float bound = f.additive + back[BOUND_ADDITIVE] + middle[BOUND_ADDITIVE];
    bound += r->majority * least(0.5f * (f.ahead + back[BOUND_AHEAD] + middle[BOUND_AHEAD]), 1.0f);
    float scoop = f.scoop * back[BOUND_SCOOP] * middle[BOUND_SCOOP];
    float gain = scoop * f.value;
    bound += r->gain_weight * (gain - f.scooped * back[BOUND_SCOOPED] * middle[BOUND_SCOOPED] * f.loss);
    if (hand->sap_active) bound += r->extra * most(gain, 1e-20f) * float_power(most(scoop, 1e-6f), r->others);
    double value = (double)(r->keep * bound - r->cost);
    return value + 1e-3 * (1.0 + fabs(value)); /* the floats' rounding, and then some */
}

/* Offer a split whose bound reached the floor; returns the new floor. */
static float consider(const Tables *tables, HandState *hand, int k, int high, int low, int front, float floor_value) {
    Picks *shortlist = &hand->shortlist;
    int64_t key = pick_key(high, low, front);
    if (listed(shortlist, key)) return floor_value;
    Pick pick = {screen_value(tables, hand, high, low, front), 0, key, k, (int16_t)high, (int16_t)low, (int16_t)front};
    offer(shortlist, &pick, 0);
    if (shortlist->count < shortlist->capacity) return NO_FLOOR;
    double last = shortlist->items[shortlist->count - 1].value;
    return (float)(last - 1e-3 * (1.0 + fabs(last)));
}

/* A front's legal splits, packed: the back's and the middle's subsets and
 * classes, and the split's place among the front's 126.  Room for a vector's
 * worth past the end. */
typedef struct {
    int32_t high_subset[SPLITS_PER_FRONT + 8], low_subset[SPLITS_PER_FRONT + 8];
    int32_t high[SPLITS_PER_FRONT + 8], low[SPLITS_PER_FRONT + 8], place[SPLITS_PER_FRONT + 8];
    int kept, legal; /* legal unordered splits, and ordered ones (two for equal fives) */
} FrontSplits;

/* The legal splits among the front's places [from, 126), one at a time. */
static inline void legal_splits_scalar(const Tables *tables, const HandState *hand, const FrontBound *f, int from,
                                       FrontSplits *out) {
    const uint16_t *first = tables->split_first + SPLITS_PER_FRONT * f->index;
    const uint16_t *second = tables->split_second + SPLITS_PER_FRONT * f->index;
    const int16_t *classes = hand->class5;
    const int equal_fouls = tables->foul_on_equal;
    int kept = out->kept, legal = out->legal;
    for (int i = from; i < SPLITS_PER_FRONT; i++) {
        int x = first[i], y = second[i];
        int a = classes[x], b = classes[y];
        int choose = -(a >= b), same = a == b; /* all ones when x is the back: masks, not a coin-toss branch */
        int high_subset = y ^ ((x ^ y) & choose);
        int high = b ^ ((a ^ b) & choose), low = a ^ b ^ high;
        int ok = (low >= f->floor_class) & !(equal_fouls & same);
        out->high_subset[kept] = high_subset;
        out->low_subset[kept] = x ^ y ^ high_subset;
        out->high[kept] = high;
        out->low[kept] = low;
        out->place[kept] = i;
        kept += ok; /* every split written, kept by advancing: no branch on legality either */
        legal += ok << same;
    }
    out->kept = kept;
    out->legal = legal;
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define VECTOR_LEGALITY 1
#define AVX2 __attribute__((target("avx2,popcnt")))

/* For each 8-bit mask of kept lanes, the lanes to gather to the front (left-packing). */
static uint64_t pack_order[256];

static void build_pack_order(void) {
    for (int mask = 0; mask < 256; mask++) {
        uint64_t order = 0;
        int next = 0;
        for (int lane = 0; lane < 8; lane++)
            if (mask >> lane & 1) order |= (uint64_t)lane << (8 * next++);
        pack_order[mask] = order;
    }
}

/* The same, eight splits at a time: two gathers of the subsets' classes, the
 * comparisons in lanes, and the legal lanes packed to the front. */
#define VECTOR_PLACES (SPLITS_PER_FRONT / 8 * 8) /* the places eight lanes cover: 120 of 126 */
static AVX2 void legal_splits_wide(const Tables *tables, const HandState *hand, const FrontBound *f, FrontSplits *out) {
    const uint16_t *first = tables->split_first + SPLITS_PER_FRONT * f->index;
    const uint16_t *second = tables->split_second + SPLITS_PER_FRONT * f->index;
    const int *classes = hand->bounds_classes;
    const __m256i floor_class = _mm256_set1_epi32(f->floor_class), equal_fouls = _mm256_set1_epi32(-tables->foul_on_equal);
    const __m256i lanes = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    int kept = 0, legal = 0;
    for (int i = 0; i < VECTOR_PLACES; i += 8) {
        __m256i x = _mm256_cvtepu16_epi32(_mm_loadu_si128((const __m128i *)(first + i)));
        __m256i y = _mm256_cvtepu16_epi32(_mm_loadu_si128((const __m128i *)(second + i)));
        __m256i a = _mm256_i32gather_epi32(classes, x, 4), b = _mm256_i32gather_epi32(classes, y, 4);
        __m256i y_back = _mm256_cmpgt_epi32(b, a), same = _mm256_cmpeq_epi32(a, b);
        __m256i low = _mm256_min_epi32(a, b);
        __m256i illegal = _mm256_or_si256(_mm256_cmpgt_epi32(floor_class, low), _mm256_and_si256(equal_fouls, same));
        int ok = ~_mm256_movemask_ps(_mm256_castsi256_ps(illegal)) & 0xFF;
        legal += __builtin_popcount((unsigned)ok) +
                 __builtin_popcount((unsigned)ok & (unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(same)));
        __m256i order = _mm256_cvtepu8_epi32(_mm_cvtsi64_si128((long long)pack_order[ok]));
#define PACKED(vector, array) \
    _mm256_storeu_si256((__m256i *)((array) + kept), _mm256_permutevar8x32_epi32((vector), order))
        PACKED(_mm256_blendv_epi8(x, y, y_back), out->high_subset);
        PACKED(_mm256_blendv_epi8(y, x, y_back), out->low_subset);
        PACKED(_mm256_max_epi32(a, b), out->high);
        PACKED(low, out->low);
        PACKED(_mm256_add_epi32(lanes, _mm256_set1_epi32(i)), out->place);
#undef PACKED
        kept += __builtin_popcount((unsigned)ok);
    }
    out->kept = kept;
    out->legal = legal;
    legal_splits_scalar(tables, hand, f, VECTOR_PLACES, out); /* the last SPLITS_PER_FRONT % 8 */
}

static int vector_legality = -1;

static int wide_legality(void) {
    if (vector_legality < 0) {
        build_pack_order();
        /* MAUBINH_KERNEL_SCALAR=1 keeps the scalar path (the tests compare the two). */
        const char *scalar = getenv("MAUBINH_KERNEL_SCALAR");
        int wanted = scalar == NULL || strcmp(scalar, "1") != 0;
        vector_legality = wanted && __builtin_cpu_supports("avx2") && __builtin_cpu_supports("popcnt");
    }
    return vector_legality;
}
#else
#define VECTOR_LEGALITY 0
static int wide_legality(void) { return 0; }
#endif

void prepare_kernel(void) { (void)wide_legality(); }

int vector_legality_used(void) { return wide_legality() > 0; }

/* One front's splits: its legal ones found (eight at a time where the processor
 * has AVX2), then each one's upper bound and, if that reaches the floor, its
 * value.  The upper bound keeps the additive parts, the scoop's gain (at the
 * most a scoop of this hand is worth) less the scoops against (at the least one
 * costs), the majority unit bounded by (1 + expected positions ahead) / 2
 * (sign(s) <= (s + 1) / 2 for s in -3..3) and sập làng's gain: it drops only
 * terms that lower the value.  The per-front factors are multiplied out
 * beforehand, so that each split's chain of dependent operations is short; values
 * stay in locals and choices are masks and lookups rather than branches (coin
 * tosses here). */
static inline __attribute__((always_inline)) float walk_front(const Tables *tables, HandState *hand,
                                                              const BoundRules *r, const FrontBound *f,
                                                              float floor_value, int64_t *legal_count,
                                                              const int with_majority, const int with_scoop,
                                                              const int with_sap) {
    FrontSplits splits;
    splits.kept = splits.legal = 0;
#if VECTOR_LEGALITY
    if (vector_legality > 0) legal_splits_wide(tables, hand, f, &splits);
    else legal_splits_scalar(tables, hand, f, 0, &splits);
#else
    legal_splits_scalar(tables, hand, f, 0, &splits);
#endif
    const SubsetBound *restrict bounds = hand->bounds;
    const float additive = f->additive, ahead_front = f->ahead, majority = r->majority;
    const float gain_factor = r->gain_weight * f->value * f->scoop;
    const float loss_factor = r->gain_weight * f->scooped * f->loss;
    const float sap_factor = most(r->extra * f->value * float_power(f->scoop, r->others + 1), 1e-20f);
    const int others = r->others;
    float needed = (floor_value + r->cost) / r->keep; /* values are keep * bound - cost */
    for (int j = 0; j < splits.kept; j++) {
        const float *restrict back = bounds[splits.high_subset[j]].back;
        const float *restrict middle = bounds[splits.low_subset[j]].middle;
        float bound = additive + (back[BOUND_ADDITIVE] + middle[BOUND_ADDITIVE]);
        if (with_majority) bound += majority * least(0.5f * (ahead_front + (back[BOUND_AHEAD] + middle[BOUND_AHEAD])), 1.0f);
        if (with_scoop || with_sap) {
            float scoop = back[BOUND_SCOOP] * middle[BOUND_SCOOP];
            if (with_scoop) bound += gain_factor * scoop - loss_factor * (back[BOUND_SCOOPED] * middle[BOUND_SCOOPED]);
            if (with_sap) bound += sap_factor * float_power(most(scoop, 1e-6f), others + 1);
        }
        if (__builtin_expect(bound >= needed, 0)) {
            int k = SPLITS_PER_FRONT * f->index + splits.place[j];
            floor_value = consider(tables, hand, k, splits.high[j], splits.low[j], f->front, floor_value);
            needed = (floor_value + r->cost) / r->keep;
        }
    }
    *legal_count += splits.legal;
    return floor_value;
}

static inline __attribute__((always_inline)) int64_t walk(const Tables *tables, HandState *hand, const BoundRules *r,
                                                          FieldBuilder *field, const int with_majority,
                                                          const int with_scoop, const int with_sap) {
    float floor_value = NO_FLOOR;
    int64_t legal = 0;
    for (int t = 0; t < THREE_SUBSETS; t++) {
        /* The field's memory reads between fronts: their cache misses overlap the walk's arithmetic. */
        if (field) field_step(field, THREE_SUBSETS);
        FrontBound *f = &hand->fronts[t];
        front_bound(tables, hand, r, t, f);
        floor_value = walk_front(tables, hand, r, f, floor_value, &legal, with_majority, with_scoop, with_sap);
    }
    return legal;
}

static int64_t walk_kind(const Tables *tables, HandState *hand, const BoundRules *r, FieldBuilder *field, int kind) {
    switch (kind) {
        case 0: return walk(tables, hand, r, field, 0, 0, 0);
        case 1: return walk(tables, hand, r, field, 1, 0, 0);
        case 2: return walk(tables, hand, r, field, 0, 1, 0);
        case 3: return walk(tables, hand, r, field, 1, 1, 0);
        case 4: return walk(tables, hand, r, field, 0, 0, 1);
        case 5: return walk(tables, hand, r, field, 1, 0, 1);
        case 6: return walk(tables, hand, r, field, 0, 1, 1);
        default: return walk(tables, hand, r, field, 1, 1, 1);
    }
}

/* The legal count and the shortlist by screening value.
 *
 * Splits come front by front (126 each), each bounded from above in floats
 * (one_split); only a legal split whose bound reaches a full shortlist's
 * last value (less a margin far above the floats' rounding) is valued in
 * full, in doubles, as the reference values it.  On random hands about one
 * split in two hundred is.  With ``field``, the field is built step by step
 * between the fronts. */
void walk_splits(const Tables *tables, HandState *hand, FieldBuilder *field) {
    float most_value[2] = {0.0f, 0.0f}, least_loss[2] = {3e38f, 3e38f};
    for (int s = 0; s < FIVE_SUBSETS; s++) {
        const double *back = tables->screen_back + SCREEN_COLUMNS * hand->class5[s];
        const double *middle = tables->screen_middle + SCREEN_COLUMNS * hand->class5[s];
        bound_fields(back, hand->bounds[s].back);
        bound_fields(middle, hand->bounds[s].middle);
        hand->bounds_classes[s] = hand->class5[s]; /* 32-bit, for the vector gathers */
        most_value[0] = most(most_value[0], (float)back[COL_VALUE]);
        most_value[1] = most(most_value[1], (float)middle[COL_VALUE]);
        least_loss[0] = least(least_loss[0], (float)back[COL_LOSS_IF_LOST]);
        least_loss[1] = least(least_loss[1], (float)middle[COL_LOSS_IF_LOST]);
    }
    memcpy(hand->most_value, most_value, sizeof most_value);
    memcpy(hand->least_loss, least_loss, sizeof least_loss);
    const BoundRules r = bound_rules(tables, hand);
    int kind = (tables->majority_bonus != 0) | (tables->scoop_multiplier != 1) << 1 | hand->sap_active << 2;
    hand->legal = walk_kind(tables, hand, &r, field, kind);
}

/* The strongest distinct splits (docs/rules.md, "The optimal arrangement"), strongest first. */
void walk_strongest(const Tables *tables, HandState *hand) {
    for (int k = 0; k < UNORDERED_SPLITS; k++) {
        int high, low, front;
        if (!legal_pair(tables, hand, k, &high, &low, &front)) continue;
        Pick pick = {0.0, tables->strong_back[high] + tables->strong_middle[low] + tables->strong_front[front],
                     pick_key(high, low, front), k, (int16_t)high, (int16_t)low, (int16_t)front};
        offer(&hand->strongest, &pick, 1);
    }
}

/* Distinct legal keys, other than ``excluded``, whose screening value + gap
 * exceeds the threshold (the analysis's rank).  A key whose bound cannot
 * reach it is not valued. */
int64_t count_above(const Tables *tables, const HandState *hand, double threshold, double gap, const int64_t *excluded,
                    int excluded_count) {
    const SplitList *list = &hand->splits;
    const BoundRules r = bound_rules(tables, hand);
    int64_t count = 0;
    for (int32_t i = 0; i < list->distinct; i++) {
        int32_t first = (int32_t)(list->distinct_entry[i] & 0xFFFF);
        int64_t key = (int64_t)(list->distinct_entry[i] >> 16);
        if (split_bound(tables, hand, &r, list->split[first]) + gap < threshold) continue;
        if (!(listed_screen(tables, hand, first) + gap > threshold)) continue;
        int found = 0;
        for (int e = 0; e < excluded_count; e++) found |= excluded[e] == key;
        count += !found;
    }
    return count;
}

/* The best-screened legal split among those with the strongest front (the first of equals). */
int32_t front_heavy(const Tables *tables, const HandState *hand) {
    const SplitList *list = &hand->splits;
    int16_t strongest = -1;
    for (int32_t i = 0; i < list->count; i++)
        if (list->front[i] > strongest) strongest = list->front[i];
    int32_t best = -1;
    double best_value = 0.0;
    for (int32_t i = 0; i < list->count; i++) {
        if (list->front[i] != strongest) continue;
        double value = listed_screen(tables, hand, i);
        if (best < 0 || value > best_value) best = i, best_value = value;
    }
    return best < 0 ? -1 : list->split[best];
}

/* The best-screened legal split (the first of equals) that puts the cards of
 * a pair ``split`` keeps in one chi into two chi; -1 if none does. */
int32_t pair_broken(const Tables *tables, const HandState *hand, int split) {
    const SplitList *list = &hand->splits;
    const BoundRules r = bound_rules(tables, hand);
    int kept = hand->pairs5[tables->split_first[split]] | hand->pairs5[tables->split_second[split]] |
               hand->pairs3[tables->split_front[split]];
    int32_t best = -1;
    double best_value = 0.0;
    for (int32_t i = 0; kept && i < list->count; i++) {
        int k = list->split[i];
        int held = hand->pairs5[tables->split_first[k]] | hand->pairs5[tables->split_second[k]] | hand->pairs3[tables->split_front[k]];
        if ((held & kept) == kept) continue;
        if (best >= 0 && split_bound(tables, hand, &r, k) < best_value) continue;
        double value = listed_screen(tables, hand, i);
        if (best < 0 || value > best_value) best = i, best_value = value;
    }
    return best < 0 ? -1 : list->split[best];
}
