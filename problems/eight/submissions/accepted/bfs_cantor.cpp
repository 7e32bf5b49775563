// BFS from the given board over Cantor-hashed states, parent links for the path.
#include <cstdio>
#include <cstring>
#include <string>
#include <algorithm>
using namespace std;

const int N = 362880;
int fac[10];
char vis[N];
int par[N];
char how[N];
int q[N];

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
        for (int v = 0; v < 9; v++) if (!used[v]) { if (k == 0) { a[i] = v; used[v] = 1; break; } k--; }
    }
}

int main() {
    fac[0] = 1;
    for (int i = 1; i < 10; i++) fac[i] = fac[i - 1] * i;
    int a[9];
    char tok[8];
    for (int i = 0; i < 9; i++) {
        if (scanf("%7s", tok) != 1) return 0;
        a[i] = tok[0] == 'x' ? 0 : tok[0] - '0';
    }
    int inv = 0;
    for (int i = 0; i < 9; i++) for (int j = i + 1; j < 9; j++) if (a[i] && a[j] && a[i] > a[j]) inv++;
    if (inv % 2) { puts("unsolvable"); return 0; }
    int goal[9] = {1, 2, 3, 4, 5, 6, 7, 8, 0};
    int g = cantor(goal), s = cantor(a);
    int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
    const char* L = "udlr";
    int head = 0, tail = 0;
    q[tail++] = s; vis[s] = 1; par[s] = -1;
    while (head < tail) {
        int h = q[head++];
        if (h == g) break;
        int b[9]; decode(h, b);
        int z = 0; while (b[z]) z++;
        int r = z / 3, c = z % 3;
        for (int d = 0; d < 4; d++) {
            int nr = r + dr[d], nc = c + dc[d];
            if (nr < 0 || nr > 2 || nc < 0 || nc > 2) continue;
            swap(b[z], b[nr * 3 + nc]);
            int nh = cantor(b);
            if (!vis[nh]) { vis[nh] = 1; par[nh] = h; how[nh] = L[d]; q[tail++] = nh; }
            swap(b[z], b[nr * 3 + nc]);
        }
    }
    string path;
    for (int h = g; h != s; h = par[h]) path += how[h];
    reverse(path.begin(), path.end());
    printf("%s\n", path.c_str());
    return 0;
}
