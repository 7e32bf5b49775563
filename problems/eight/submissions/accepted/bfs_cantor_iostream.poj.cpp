// The 8-puzzle (POJ 1077), the way many 2008 POJ G++ submissions looked: <iostream>
// for cin, and memset and printf used without their headers, which that compiler's
// <iostream> brought in. The .poj.cpp name picks the legacy profile cpp98-poj.
//
// One board per run. A plain BFS from the board over states numbered by their Cantor
// expansion (9! of them) until it reaches the goal, then the moves are read back
// through the parent links. Unsolvable boards are found by the parity test first,
// since the BFS would otherwise exhaust the board's half of the states.
#include <iostream>
using namespace std;

const int N = 362880;
int fac[9] = {1, 1, 2, 6, 24, 120, 720, 5040, 40320};
int par[N];
char mv[N], vis[N];
struct State { char b[9]; int x, id; } q[N];

int cantor(char *b)
{
    int r = 0;
    for (int i = 0; i < 9; i++) {
        int less = 0;
        for (int j = i + 1; j < 9; j++)
            if (b[j] < b[i]) less++;
        r += less * fac[8 - i];
    }
    return r;
}

int main()
{
    int dx[4] = {-1, 1, 0, 0}, dy[4] = {0, 0, -1, 1};
    char name[5] = "udlr", path[100];
    State s;
    for (int i = 0; i < 9; i++) {
        char c;
        cin >> c;
        if (c == 'x') { s.b[i] = 9; s.x = i; } else s.b[i] = c - '0';
    }
    int inv = 0;
    for (int i = 0; i < 9; i++)
        for (int j = i + 1; j < 9; j++)
            if (s.b[i] != 9 && s.b[j] != 9 && s.b[i] > s.b[j]) inv++;
    if (inv % 2) { printf("unsolvable\n"); return 0; }
    memset(vis, 0, sizeof vis);
    s.id = cantor(s.b);
    vis[s.id] = 1; par[s.id] = -1;
    int head = 0, tail = 0;
    q[tail++] = s;
    while (head < tail && !vis[0]) {
        State u = q[head++];
        for (int k = 0; k < 4; k++) {
            int r = u.x / 3 + dx[k], c = u.x % 3 + dy[k];
            if (r < 0 || r > 2 || c < 0 || c > 2) continue;
            State v = u;
            v.x = r * 3 + c;
            v.b[u.x] = v.b[v.x]; v.b[v.x] = 9;
            v.id = cantor(v.b);
            if (vis[v.id]) continue;
            vis[v.id] = 1; par[v.id] = u.id; mv[v.id] = name[k];
            q[tail++] = v;
        }
    }
    int n = 0;
    for (int id = 0; par[id] != -1; id = par[id]) path[n++] = mv[id];
    for (int i = n - 1; i >= 0; i--) printf("%c", path[i]);
    printf("\n");
    return 0;
}
