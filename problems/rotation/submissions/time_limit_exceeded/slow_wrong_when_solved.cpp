// Slow and wrong, like a POJ 2286 submission that POJ judged TLE: plain iterative
// deepening with no bound (8^k move strings for a board k moves away), and for a board
// that is already a goal it prints the digit of cell 0 instead of the centre's. On
// POJ's one data file, which mixes such boards with far ones, it runs out of time
// before its wrong answer matters; the package has one such file, so it is TLE here
// too (with the boards spread over small files it was WA).
#include <cstdio>

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

bool solved() {
    for (int i = 1; i < 8; i++)
        if (a[centre[i]] != a[centre[0]]) return false;
    return true;
}

bool dfs(int depth, int limit) {
    if (depth == limit) return solved();
    for (int m = 0; m < 8; m++) {
        apply(m);
        path[depth] = 'A' + m;
        if (dfs(depth + 1, limit)) return true;
        apply(undo[m]);
    }
    return false;
}

int main() {
    while (scanf("%d", &a[0]) == 1 && a[0] != 0) {
        for (int i = 1; i < 24; i++) scanf("%d", &a[i]);
        if (solved()) {
            printf("No moves needed\n%d\n", a[0]);
            continue;
        }
        int limit = 1;
        while (!dfs(0, limit)) limit++;
        path[limit] = 0;
        printf("%s\n%d\n", path, a[6]);
    }
    return 0;
}
