#ifndef WORK_H
#define WORK_H
int nth_prime(int n);
#endif
