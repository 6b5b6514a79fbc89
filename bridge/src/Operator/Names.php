<?php

declare(strict_types=1);

namespace RedisLock\Bridge\Operator;

/**
 * Names (and ids) are bytes; the operator's outputs are text. One reversible
 * escape keeps distinct names distinct on every output: a backslash is written as
 * two, and a control byte or a byte that is not part of valid UTF-8 as \xNN.
 * Valid UTF-8 other than control characters is written as it is.
 */
final class Names
{
    /** A UTF-8 sequence of two to four bytes (RFC 3629: no overlongs, no surrogates, at most U+10FFFF). */
    private const UTF8_SEQUENCE = '[\xc2-\xdf][\x80-\xbf]|\xe0[\xa0-\xbf][\x80-\xbf]|[\xe1-\xec\xee\xef][\x80-\xbf]{2}'
        . '|\xed[\x80-\x9f][\x80-\xbf]|\xf0[\x90-\xbf][\x80-\xbf]{2}|[\xf1-\xf3][\x80-\xbf]{3}|\xf4[\x80-\x8f][\x80-\xbf]{2}';

    private function __construct()
    {
    }

    /** $name with backslashes doubled and control bytes and bytes that are not UTF-8 as \xNN: valid UTF-8, injective. */
    public static function escape(string $name): string
    {
        if (preg_match('/^[\x20-\x5b\x5d-\x7e]*$/D', $name)) {
            return $name;
        }

        return (string) preg_replace_callback(
            '/(' . self::UTF8_SEQUENCE . ')|[\x00-\x1f\x7f-\xff\\\\]/',
            static fn (array $m): string => ($m[1] ?? '') !== '' ? $m[1] : ($m[0] === '\\' ? '\\\\' : sprintf('\\x%02x', ord($m[0]))),
            $name,
        );
    }

    /**
     * A name as JSON fields: [$key => $name] when it is valid UTF-8 (written as it
     * is, NUL and control characters by JSON's own escapes); else [$key => its
     * escape(), "{$key}_base64" => its exact bytes in base64].
     *
     * @return array<string, string>
     */
    public static function json(string $key, string $name): array
    {
        if (preg_match('//u', $name)) {
            return [$key => $name];
        }

        return [$key => self::escape($name), $key . '_base64' => base64_encode($name)];
    }
}
