// The 8-puzzle, many boards (HDU 1043), written as a 2008 contestant would for HDU's
// G++ (g++ 4.x, 32-bit): only <iostream> is included, lines are read with gets(), and
// printf, memset, strlen and the priority queue's helpers come in through that
// compiler's headers. The .hdu.cpp name picks the legacy profile cpp98-hdu.
//
// Per board: the inversion parity rejects unsolvable boards at once; otherwise an A*
// search with the Manhattan distance, states numbered by their Cantor expansion (9! of
// them), a closed array cleared for every board, and the path read back through the
// parent array.
#include <iostream>
#include <queue>
using namespace std;

const int N = 362880;
int fac[9] = {1, 1, 2, 6, 24, 120, 720, 5040, 40320};
char closed[N];
int dist[N], parent[N];
char how[N];
char line[1000], path[100];

struct Node {
    char b[9];
    int x, g, f, id;
    bool operator<(const Node &o) const { return f > o.f; }
};

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

int manhattan(char *b)
{
    int h = 0;
    for (int i = 0; i < 9; i++)
        if (b[i] != 9) h += abs(i / 3 - (b[i] - 1) / 3) + abs(i % 3 - (b[i] - 1) % 3);
    return h;
}

int dx[4] = {-1, 1, 0, 0}, dy[4] = {0, 0, -1, 1};
char name[5] = "udlr";

void solve(char *start, int x)
{
    memset(closed, 0, sizeof closed);
    memset(dist, 0x3f, sizeof dist);
    priority_queue<Node> q;
    Node s;
    memcpy(s.b, start, 9);
    s.x = x; s.g = 0; s.f = manhattan(s.b); s.id = cantor(s.b);
    dist[s.id] = 0; parent[s.id] = -1;
    q.push(s);
    while (!q.empty()) {
        Node u = q.top(); q.pop();
        if (closed[u.id]) continue;
        closed[u.id] = 1;
        if (u.id == 0) break;  // 1 2 3 4 5 6 7 8 x has Cantor number 0
        for (int k = 0; k < 4; k++) {
            int r = u.x / 3 + dx[k], c = u.x % 3 + dy[k];
            if (r < 0 || r > 2 || c < 0 || c > 2) continue;
            Node v = u;
            v.x = r * 3 + c;
            swap(v.b[u.x], v.b[v.x]);
            v.id = cantor(v.b);
            v.g = u.g + 1;
            if (closed[v.id] || dist[v.id] <= v.g) continue;
            dist[v.id] = v.g; parent[v.id] = u.id; how[v.id] = name[k];
            v.f = v.g + manhattan(v.b);
            q.push(v);
        }
    }
    int n = 0;
    for (int id = 0; parent[id] != -1; id = parent[id]) path[n++] = how[id];
    for (int i = n - 1; i >= 0; i--) putchar(path[i]);
    putchar('\n');
}

int main()
{
    char b[9];
    int k = 0, x = 0;
    while (gets(line)) {
        for (int i = 0; line[i]; i++) {
            if (line[i] == ' ' || line[i] == '\t' || line[i] == '\r') continue;
            if (line[i] == 'x') { b[k] = 9; x = k; } else b[k] = line[i] - '0';
            if (++k < 9) continue;
            k = 0;
            int inv = 0;
            for (int p = 0; p < 9; p++)
                for (int q = p + 1; q < 9; q++)
                    if (b[p] != 9 && b[q] != 9 && b[p] > b[q]) inv++;
            if (inv % 2) printf("unsolvable\n");
            else solve(b, x);
        }
    }
    return 0;
}
