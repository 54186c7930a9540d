/*
 * crc32.c - CRC-32 (IEEE 802.3), the check on every checkpoint header and record.
 *
 * Bit by bit: checkpoints hold a record per unit, a few bytes per second, so speed does not
 * matter and a table would only add a thing to get wrong.
 */
#include "base/base.h"

uint32_t nq_crc32(uint32_t crc, const void *data, size_t size)
{
    const unsigned char *p = data;
    crc = ~crc;
    for (size_t i = 0; i < size; i++) {
        crc ^= p[i];
        for (int k = 0; k < 8; k++)
            crc = crc >> 1 ^ (0xEDB88320u & -(crc & 1));
    }
    return ~crc;
}
