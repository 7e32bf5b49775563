// IDA* as in accepted/idastar.cpp but trying the moves from H down to A: the answer
// is shortest, but when several shortest answers exist it prints the largest one,
// not the lexicographically smallest that the statement asks for.
#include <cstdio>
#include <algorithm>

const int line[8][7] = {
    {0, 2, 6, 11, 15, 20, 22}, {1, 3, 8, 12, 17, 21, 23},
    {10, 9, 8, 7, 6, 5, 4},    {19, 18, 17, 16, 15, 14, 13},
    {23, 21, 17, 12, 8, 3, 1}, {22, 20, 15, 11, 6, 2, 0},
    {13, 14, 15, 16, 17, 18, 19}, {4, 5, 6, 7, 8, 9, 10}};
const int undo[8] = {5, 4, 7, 6, 1, 0, 3, 2};
const int centre[8] = {6, 7, 8, 11, 12, 15, 16, 17};
int a[24];
char path[64];

void apply(int m) {
    int t = a[line[m][0]];
    for (int i = 0; i < 6; i++) a[line[m][i]] = a[line[m][i + 1]];
    a[line[m][6]] = t;
}

int bound() {
    int c[4] = {0, 0, 0, 0};
    for (int i = 0; i < 8; i++) c[a[centre[i]]]++;
    return 8 - std::max(c[1], std::max(c[2], c[3]));
}

bool dfs(int depth, int limit, int last) {
    int h = bound();
    if (h == 0) return true;
    if (depth + h > limit) return false;
    for (int m = 7; m >= 0; m--) {
        if (last >= 0 && m == undo[last]) continue;
        apply(m);
        path[depth] = 'A' + m;
        if (dfs(depth + 1, limit, m)) return true;
        apply(undo[m]);
    }
    return false;
}

int main() {
    while (scanf("%d", &a[0]) == 1 && a[0] != 0) {
        for (int i = 1; i < 24; i++) scanf("%d", &a[i]);
        if (bound() == 0) {
            printf("No moves needed\n%d\n", a[6]);
            continue;
        }
        int limit = bound();
        while (!dfs(0, limit, -1)) limit++;
        path[limit] = 0;
        printf("%s\n%d\n", path, a[6]);
    }
    return 0;
}
