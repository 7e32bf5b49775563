// Off-by-one in the factorial table, caught by vector::at: throws std::out_of_range
// on every input (uncaught: abort).
#include <bits/stdc++.h>
using namespace std;
int main() {
    vector<int> fac(9);
    fac[0] = 1;
    for (int i = 1; i <= 9; i++) fac.at(i) = fac.at(i - 1) * i;
    string s;
    for (int i = 0; i < 9; i++) {
        string t;
        if (!(cin >> t)) return 0;
        s += t == "x" ? '0' : t[0];
    }
    cout << "unsolvable\n";
}
