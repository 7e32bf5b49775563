// Table BFS, right answers, but a blank line after every answer.
#include <cstdio>
#include <cstring>
const int N = 362880;
int fac[10], q[N];
signed char dir[N];  // move of the blank that leads one step closer to the goal; -1 unseen
int cantor(const int* a) {
    int r = 0;
    for (int i = 0; i < 9; i++) {
        int c = 0;
        for (int j = i + 1; j < 9; j++) if (a[j] < a[i]) c++;
        r += c * fac[8 - i];
    }
    return r;
}
void decode(int h, int* a) {
    bool used[9] = {0};
    for (int i = 0; i < 9; i++) {
        int k = h / fac[8 - i]; h %= fac[8 - i];
        for (int v = 0; v < 9; v++) if (!used[v]) { if (k-- == 0) { a[i] = v; used[v] = 1; break; } }
    }
}
const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
int main() {
    fac[0] = 1;
    for (int i = 1; i < 10; i++) fac[i] = fac[i - 1] * i;
    memset(dir, -1, sizeof dir);
    int goal[9] = {1, 2, 3, 4, 5, 6, 7, 8, 0};
    int head = 0, tail = 0, g = cantor(goal);
    q[tail++] = g; dir[g] = 4;
    while (head < tail) {
        int h = q[head++], b[9];
        decode(h, b);
        int z = 0; while (b[z]) z++;
        for (int d = 0; d < 4; d++) {
            int nr = z / 3 + dr[d], nc = z % 3 + dc[d];
            if (nr < 0 || nr > 2 || nc < 0 || nc > 2) continue;
            int nz = nr * 3 + nc;
            b[z] = b[nz]; b[nz] = 0;
            int nh = cantor(b);
            if (dir[nh] < 0) { dir[nh] = d ^ 1; q[tail++] = nh; }
            b[nz] = b[z]; b[z] = 0;
        }
    }
    char t[8];
    int a[9];
    while (true) {
        for (int i = 0; i < 9; i++) {
            if (scanf("%7s", t) != 1) return 0;
            a[i] = t[0] == 'x' ? 0 : t[0] - '0';
        }
        int h = cantor(a);
        if (dir[h] < 0) { puts("unsolvable\n"); continue; }
        char out[64]; int n = 0;
        int z = 0; while (a[z]) z++;
        while (h != g) {
            int d = dir[h];
            out[n++] = "udlr"[d];
            int nz = (z / 3 + dr[d]) * 3 + z % 3 + dc[d];
            a[z] = a[nz]; a[nz] = 0; z = nz;
            h = cantor(a);
        }
        out[n] = 0;
        printf("%s\n\n", out);
    }
}
