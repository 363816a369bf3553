#!/usr/bin/env python3
"""Turn the assembled boot ROM (a flat binary) into a C array for omap3_rom.c.

Usage: bin2c.py ROM.bin OUT.h
"""
import sys

data = open(sys.argv[1], 'rb').read()
lines = ['/* Generated from rom/omap3-rom.S by rom/bin2c.py: do not edit. */',
         'static const uint8_t omap3_rom_image[%d] = {' % len(data)]
for i in range(0, len(data), 12):
    lines.append('    ' + ' '.join('0x%02x,' % b for b in data[i:i + 12]))
lines.append('};')
open(sys.argv[2], 'w').write('\n'.join(lines) + '\n')
