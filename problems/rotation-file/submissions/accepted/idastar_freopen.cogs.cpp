// The Rotation Game with file input and output (COGS 1073), written as a 2010 COGS
// submission: freopen() on the file names, scanf/printf and memcpy with only
// <iostream> (that g++ 4.x's headers brought them in). The .cogs.cpp name picks the
// legacy profile cpp98-cogs.
//
// IDA*: depth limits 0, 1, 2, ...; moves tried in the order A..H, so the first
// solution found is the lexicographically smallest of the shortest. The bound is
// 8 minus the largest number of equal digits in the centre (a move changes one
// centre cell at most). A move is never followed by its inverse.
#include <iostream>
using namespace std;

int line[8][7] = {
    {0, 2, 6, 11, 15, 20, 22},  {1, 3, 8, 12, 17, 21, 23},
    {10, 9, 8, 7, 6, 5, 4},     {19, 18, 17, 16, 15, 14, 13},
    {23, 21, 17, 12, 8, 3, 1},  {22, 20, 15, 11, 6, 2, 0},
    {13, 14, 15, 16, 17, 18, 19}, {4, 5, 6, 7, 8, 9, 10}};
int inverse[8] = {5, 4, 7, 6, 1, 0, 3, 2};
int centre[8] = {6, 7, 8, 11, 12, 15, 16, 17};
int a[24], limit;
char path[100];

int h()
{
    int cnt[4] = {0, 0, 0, 0};
    for (int i = 0; i < 8; i++) cnt[a[centre[i]]]++;
    int best = cnt[1];
    if (cnt[2] > best) best = cnt[2];
    if (cnt[3] > best) best = cnt[3];
    return 8 - best;
}

void rotate(int m)
{
    int first = a[line[m][0]];
    for (int i = 0; i < 6; i++) a[line[m][i]] = a[line[m][i + 1]];
    a[line[m][6]] = first;
}

bool dfs(int depth, int last)
{
    int est = h();
    if (est == 0) return true;
    if (depth + est > limit) return false;
    for (int m = 0; m < 8; m++) {
        if (last >= 0 && inverse[m] == last) continue;
        rotate(m);
        path[depth] = 'A' + m;
        if (dfs(depth + 1, m)) return true;
        rotate(inverse[m]);
    }
    return false;
}

int main()
{
    freopen("rotationa.in", "r", stdin);
    freopen("rotationa.out", "w", stdout);
    while (scanf("%d", &a[0]) == 1 && a[0] != 0) {
        for (int i = 1; i < 24; i++) scanf("%d", &a[i]);
        if (h() == 0) {
            printf("No moves needed\n%d\n", a[6]);
            continue;
        }
        for (limit = 1;; limit++) {
            int saved[24];
            memcpy(saved, a, sizeof a);
            if (dfs(0, -1)) break;
            memcpy(a, saved, sizeof a);
        }
        path[limit] = 0;
        printf("%s\n%d\n", path, a[6]);
    }
    return 0;
}
