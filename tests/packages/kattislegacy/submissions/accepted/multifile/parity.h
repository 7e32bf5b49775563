#pragma once
const char* ParityWord(int n);
