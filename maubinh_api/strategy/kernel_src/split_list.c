/* A hand's legal splits listed (ids and classes, in id order) and the distinct ones, with their
 * screening values (screen.c's, to the reference's last bit) when every one is asked for; and
 * whether the 13 cards can hold a natural at all.
 */
#include "kernel.h"

#include <stdlib.h>
#include <string.h>

void free_splits(SplitList *list) {
    free(list->split);
    free(list->high);
    free(list->low);
    free(list->front);
    free(list->screen);
    free(list->distinct_entry);
    free(list->slots);
    memset(list, 0, sizeof(*list));
}

#define EMPTY_SLOT UINT64_MAX

/* A slot and an entry hold (key << 16) | the key's first legal index: one
 * memory access per split.  The table has at least twice as many slots as
 * legal splits, and no more: 2^15 slots (256 KB, in L2) for most hands. */
static void add_distinct(SplitList *list, int64_t key, int32_t index, int bits) {
    uint64_t mask = ((uint64_t)1 << bits) - 1;
    uint64_t slot = ((uint64_t)key * 0x9E3779B97F4A7C15ULL) >> (64 - bits);
    while (list->slots[slot] != EMPTY_SLOT) {
        if ((list->slots[slot] >> 16) == (uint64_t)key) return;
        slot = (slot + 1) & mask;
    }
    uint64_t entry = ((uint64_t)key << 16) | (uint64_t)index;
    list->slots[slot] = entry;
    list->distinct_entry[list->distinct++] = entry;
}

/* Every legal split (ids and classes, in id order) and the distinct ones;
 * screening values are computed only where a question needs them. */
int list_splits(const Tables *tables, HandState *hand) {
    SplitList *list = &hand->splits;
    list->split = malloc(UNORDERED_SPLITS * sizeof(uint16_t));
    list->high = malloc(UNORDERED_SPLITS * sizeof(int16_t));
    list->low = malloc(UNORDERED_SPLITS * sizeof(int16_t));
    list->front = malloc(UNORDERED_SPLITS * sizeof(int16_t));
    list->distinct_entry = malloc(UNORDERED_SPLITS * sizeof(uint64_t));
    if (!list->split || !list->high || !list->low || !list->front || !list->distinct_entry) {
        free_splits(list);
        return -1;
    }
    const int equal_fouls = tables->foul_on_equal;
    int32_t count = 0;
    for (int k = 0; k < UNORDERED_SPLITS; k++) { /* every split written, kept by advancing: no branch on legality */
        int a = hand->class5[tables->split_first[k]], b = hand->class5[tables->split_second[k]];
        int front = hand->class3[tables->split_front[k]];
        int high = a > b ? a : b, low = a > b ? b : a;
        list->split[count] = (uint16_t)k;
        list->high[count] = (int16_t)high;
        list->low[count] = (int16_t)low;
        list->front[count] = (int16_t)front;
        count += (low >= tables->front_floor[front]) & !(equal_fouls & (a == b));
    }
    list->count = count;
    int bits = 1;
    while ((1 << bits) < 2 * count) bits++; /* at most 2^17, for a hand whose 36,036 splits are all legal */
    list->slots = malloc(((size_t)1 << bits) * sizeof(uint64_t));
    if (!list->slots) {
        free_splits(list);
        return -1;
    }
    memset(list->slots, 0xFF, ((size_t)1 << bits) * sizeof(uint64_t));
    for (int32_t i = 0; i < count; i++)
        add_distinct(list, pick_key(list->high[i], list->low[i], list->front[i]), i, bits);
    return 0;
}

/* Every legal split's screening value (only ``splits()`` asks for them all). */
int screen_splits(const Tables *tables, HandState *hand) {
    SplitList *list = &hand->splits;
    if (list->screen) return 0;
    list->screen = malloc((size_t)(list->count > 0 ? list->count : 1) * sizeof(double));
    if (!list->screen) return -1;
    for (int32_t i = 0; i < list->count; i++) list->screen[i] = listed_screen(tables, hand, i);
    return 0;
}

/* --- naturals: whether the 13 cards can hold one at all (rules/naturals.py decides which) --- */

static uint64_t run_vector(int start, int length) {
    uint64_t vector = 0;
    for (int offset = 0; offset < length; offset++) vector += (uint64_t)1 << (4 * ((start + offset + 12) % 13));
    return vector;
}

static int three_straights(uint64_t counts) {
    for (int first = 0; first < 10; first++) {
        for (int second = first; second < 10; second++) {
            uint64_t fives = run_vector(first, 5) + run_vector(second, 5);
            if (fives > counts) continue;
            for (int third = 0; third < 12; third++) {
                if (fives + run_vector(third, 3) == counts) return 1;
            }
        }
    }
    return 0;
}

/* Exactly whether the cards qualify for a natural of docs/rules.md, "Naturals (thắng trắng)" under some
 * variant: the count tests of rules/naturals.py, and the three straights. */
int natural_hint(const uint8_t cards[HAND_CARDS]) {
    int rank_count[13] = {0}, suit_count[4] = {0}, reds = 0;
    uint64_t counts = 0;
    for (int i = 0; i < 13; i++) {
        int rank = cards[i] >> 2, suit = cards[i] & 3;
        rank_count[rank]++;
        suit_count[suit]++;
        reds += suit == 1 || suit == 2;
        counts += (uint64_t)1 << (4 * rank);
    }
    int distinct = 0, threes = 0, fours = 0, ones = 0, pairs = 0, three_or_more = 0;
    for (int rank = 0; rank < 13; rank++) {
        int count = rank_count[rank];
        distinct += count > 0;
        threes += count == 3;
        fours += count == 4;
        ones += count == 1;
        pairs += count / 2;
        three_or_more += count >= 3;
    }
    if (distinct == 13 || reds <= 1 || reds >= 12) return 1;
    if ((threes == 1 && ones == 0) || pairs == 6 || three_or_more == 4 || fours == 3) return 1;
    int flushes = 1;
    for (int suit = 0; suit < 4; suit++) {
        int count = suit_count[suit];
        if (count && count != 3 && count != 5 && count != 8 && count != 10 && count != 13) flushes = 0;
    }
    return flushes || three_straights(counts);
}
