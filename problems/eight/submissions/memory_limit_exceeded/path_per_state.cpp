// Keeps the whole move string of every state in a fixed 600-byte slot: 9! * 600
// bytes = 208 MiB, cleared up front.
#include <cstdio>
#include <cstring>
#include <algorithm>
const int N = 362880;
static char path[N][600];
int fac[10], q[N];
bool vis[N];
int cantor(const int* a) {
    int r = 0;
    for (int i = 0; i < 9; i++) {
        int c = 0;
        for (int j = i + 1; j < 9; j++) if (a[j] < a[i]) c++;
        r += c * fac[8 - i];
    }
    return r;
}
int main() {
    memset(path, 0, sizeof path);
    fac[0] = 1;
    for (int i = 1; i < 10; i++) fac[i] = fac[i - 1] * i;
    int a[9]; char t[8];
    for (int i = 0; i < 9; i++) {
        if (scanf("%7s", t) != 1) return 0;
        a[i] = t[0] == 'x' ? 0 : t[0] - '0';
    }
    int inv = 0;
    for (int i = 0; i < 9; i++) for (int j = i + 1; j < 9; j++) if (a[i] && a[j] && a[i] > a[j]) inv++;
    if (inv & 1) { puts("unsolvable"); return 0; }
    int goal[9] = {1, 2, 3, 4, 5, 6, 7, 8, 0};
    int g = cantor(goal);
    // BFS over boards stored by value alongside their hash.
    static int boards[N][9];
    int head = 0, tail = 0, s = cantor(a);
    std::copy(a, a + 9, boards[tail]); q[tail++] = s; vis[s] = 1;
    const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
    while (head < tail) {
        int* b = boards[head]; int h = q[head++];
        if (h == g) break;
        int z = 0; while (b[z]) z++;
        for (int d = 0; d < 4; d++) {
            int nr = z / 3 + dr[d], nc = z % 3 + dc[d];
            if (nr < 0 || nr > 2 || nc < 0 || nc > 2) continue;
            int c[9]; std::copy(b, b + 9, c); std::swap(c[z], c[nr * 3 + nc]);
            int nh = cantor(c);
            if (vis[nh]) continue;
            vis[nh] = 1;
            size_t len = strlen(path[h]);
            memcpy(path[nh], path[h], len); path[nh][len] = "udlr"[d];
            std::copy(c, c + 9, boards[tail]); q[tail++] = nh;
        }
    }
    puts(path[g]);
}
