// One BFS from the centre over the positions of a single digit (24-bit masks with
// 8 bits set), indexed by the mask itself: 16 MB of distances. A board is as far as
// its closest digit; walking moves A..H and taking the first that brings the board
// one step closer gives the lexicographically smallest shortest answer.
#include <cstdio>
#include <cstring>
#include <vector>
#include <algorithm>
#include <string>

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
    for (int m = 0; m < 8; m++) {
        for (int i = 0; i < 24; i++) dest[m][i] = i;
        for (int i = 0; i < 7; i++) dest[m][line[m][(i + 1) % 7]] = line[m][i];
    }
    memset(dist, 255, sizeof dist);
    int goal = 0;
    const int centre[8] = {6, 7, 8, 11, 12, 15, 16, 17};
    for (int i = 0; i < 8; i++) goal |= 1 << centre[i];
    std::vector<int> q;
    q.reserve(735471);
    q.push_back(goal);
    dist[goal] = 0;
    for (size_t h = 0; h < q.size(); h++) {
        int s = q[h];
        for (int m = 0; m < 8; m++) {
            int t = move_mask(s, m);
            if (dist[t] == 255) { dist[t] = dist[s] + 1; q.push_back(t); }
        }
    }
    int a[24];
    while (scanf("%d", &a[0]) == 1 && a[0] != 0) {
        for (int i = 1; i < 24; i++) scanf("%d", &a[i]);
        int set[4] = {0, 0, 0, 0};
        for (int i = 0; i < 24; i++) set[a[i]] |= 1 << i;
        int d = std::min(dist[set[1]], std::min(dist[set[2]], dist[set[3]]));
        if (d == 0) {
            printf("No moves needed\n%d\n", a[6]);
            continue;
        }
        std::string moves;
        while (d > 0) {
            for (int m = 0; m < 8; m++) {
                int n1 = move_mask(set[1], m), n2 = move_mask(set[2], m), n3 = move_mask(set[3], m);
                int nd = std::min(dist[n1], std::min(dist[n2], dist[n3]));
                if (nd == d - 1) {
                    set[1] = n1; set[2] = n2; set[3] = n3;
                    moves += char('A' + m);
                    break;
                }
            }
            d--;
        }
        int digit = set[1] == goal ? 1 : set[2] == goal ? 2 : 3;
        printf("%s\n%d\n", moves.c_str(), digit);
    }
    return 0;
}
