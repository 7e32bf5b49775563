// BFS that keeps the visited states in a plain list and scans it for every new
// state: quadratic in the states explored (all 181,440 on an unsolvable board).
#include <bits/stdc++.h>
using namespace std;
int main() {
    string s;
    for (int i = 0; i < 9; i++) {
        string t;
        if (!(cin >> t)) return 0;
        s += t == "x" ? '0' : t[0];
    }
    const string goal = "123456780";
    vector<string> seen{s};
    vector<int> par{-1};
    vector<char> how{0};
    int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
    const char* L = "udlr";
    size_t head = 0;
    int found = -1;
    while (head < seen.size()) {
        string u = seen[head];
        if (u == goal) { found = head; break; }
        int z = u.find('0');
        for (int d = 0; d < 4; d++) {
            int nr = z / 3 + dr[d], nc = z % 3 + dc[d];
            if (nr < 0 || nr > 2 || nc < 0 || nc > 2) continue;
            string v = u;
            swap(v[z], v[nr * 3 + nc]);
            if (find(seen.begin(), seen.end(), v) == seen.end()) {
                seen.push_back(v); par.push_back(head); how.push_back(L[d]);
            }
        }
        head++;
    }
    if (found < 0) { cout << "unsolvable\n"; return 0; }
    string path;
    for (int i = found; par[i] >= 0; i = par[i]) path += how[i];
    reverse(path.begin(), path.end());
    cout << path << "\n";
}
