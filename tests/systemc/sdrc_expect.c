/*
 * What examples/systemc/sdrc_example.cpp must print, from the installed C
 * API alone (qemu-n9-models.pc): the same two reads on an SdrcModel.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdio.h>

#include "sdrc.h"

int main(void)
{
    static SdrcModel m;
    uint64_t first, second;

    sdrc_init(&m, NULL, 195200000u, 0x80000000u);
    first = sdrc_access(&m, 0x80001000u, 64, 0, 0);
    second = sdrc_access(&m, 0x80001040u, 64, 0, first);
    printf("read 64 bytes at 0x80001000: %llu ns\n", (unsigned long long)first);
    printf("read 64 bytes at 0x80001040: %llu ns\n", (unsigned long long)second);
    return !(first > 0 && second > 0 && second != first);
}
