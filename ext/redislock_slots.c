/* Redis Cluster key slots: CRC16 of the key or of its hash tag. No Zend API. */
#include "redislock_slots.h"
#include <string.h>

/* CRC16-CCITT (XMODEM), the checksum Redis Cluster uses for key slots. */
static uint16_t crc16_table[256];

void redislock_slots_startup(void)
{
	for (int byte = 0; byte < 256; byte++) {
		uint16_t crc = (uint16_t) (byte << 8);
		for (int bit = 0; bit < 8; bit++) {
			crc = (crc & 0x8000) ? (uint16_t) ((crc << 1) ^ 0x1021) : (uint16_t) (crc << 1);
		}
		crc16_table[byte] = crc;
	}
}

static uint16_t crc16(const char *buf, size_t len)
{
	uint16_t crc = 0;
	for (size_t i = 0; i < len; i++) {
		crc = (uint16_t) ((crc << 8) ^ crc16_table[((crc >> 8) ^ (unsigned char) buf[i]) & 0xff]);
	}
	return crc;
}

unsigned int redislock_key_slot(const char *key, size_t len)
{
	const char *open = memchr(key, '{', len);
	if (open) {
		const char *close = memchr(open + 1, '}', len - (open + 1 - key));
		if (close && close > open + 1) {
			return crc16(open + 1, close - open - 1) & (REDISLOCK_SLOTS - 1);
		}
	}
	return crc16(key, len) & (REDISLOCK_SLOTS - 1);
}

