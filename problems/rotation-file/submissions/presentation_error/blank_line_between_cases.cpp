// rotation-file: reads rotationa.in, writes rotationa.out.
// Right answers (table BFS as in accepted/bfs_mask_table.cpp, reduced to the
// essentials) but a blank line after every case, which the statement forbids.
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>
#include <algorithm>

const int line[8][7] = {
    {0, 2, 6, 11, 15, 20, 22}, {1, 3, 8, 12, 17, 21, 23},
    {10, 9, 8, 7, 6, 5, 4},    {19, 18, 17, 16, 15, 14, 13},
    {23, 21, 17, 12, 8, 3, 1}, {22, 20, 15, 11, 6, 2, 0},
    {13, 14, 15, 16, 17, 18, 19}, {4, 5, 6, 7, 8, 9, 10}};
static unsigned char dist[1 << 24];
int dest[8][24];

int move_mask(int s, int m) {
    int r = 0;
    for (int i = 0; i < 24; i++)
        if (s >> i & 1) r |= 1 << dest[m][i];
    return r;
}

int main() {
    freopen("rotationa.in", "r", stdin);
    freopen("rotationa.out", "w", stdout);
    for (int m = 0; m < 8; m++) {
        for (int i = 0; i < 24; i++) dest[m][i] = i;
        for (int i = 0; i < 7; i++) dest[m][line[m][(i + 1) % 7]] = line[m][i];
    }
    memset(dist, 255, sizeof dist);
    const int centre[8] = {6, 7, 8, 11, 12, 15, 16, 17};
    int goal = 0;
    for (int i = 0; i < 8; i++) goal |= 1 << centre[i];
    std::vector<int> q(1, goal);
    dist[goal] = 0;
    for (size_t h = 0; h < q.size(); h++)
        for (int m = 0; m < 8; m++) {
            int t = move_mask(q[h], m);
            if (dist[t] == 255) { dist[t] = dist[q[h]] + 1; q.push_back(t); }
        }
    int a[24];
    while (scanf("%d", &a[0]) == 1 && a[0] != 0) {
        for (int i = 1; i < 24; i++) scanf("%d", &a[i]);
        int set[4] = {0, 0, 0, 0};
        for (int i = 0; i < 24; i++) set[a[i]] |= 1 << i;
        int d = std::min(dist[set[1]], std::min(dist[set[2]], dist[set[3]]));
        std::string moves;
        for (; d > 0; d--)
            for (int m = 0; m < 8; m++) {
                int n[4] = {0, move_mask(set[1], m), move_mask(set[2], m), move_mask(set[3], m)};
                if (std::min(dist[n[1]], std::min(dist[n[2]], dist[n[3]])) == d - 1) {
                    std::copy(n, n + 4, set);
                    moves += char('A' + m);
                    break;
                }
            }
        int digit = set[1] == goal ? 1 : set[2] == goal ? 2 : 3;
        printf("%s\n%d\n\n", moves.empty() ? "No moves needed" : moves.c_str(), digit);
    }
    return 0;
}
