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

    /**
     * The characters of valid UTF-8 written as their bytes all the same: the C1
     * controls (U+0080 to U+009F; U+009B starts a terminal's control sequence as
     * ESC [ does), and those with which one name can be made to look like
     * another: the bidirectional overrides and isolates (U+202A to U+202E, U+2066
     * to U+2069) and the invisible ones (U+00AD, U+200B to U+200F, U+2060, U+FEFF).
     */
    private const CONTROLS = '/^(?:\xc2[\x80-\x9f\xad]|\xe2\x80[\x8b-\x8f\xaa-\xae]|\xe2\x81[\xa0\xa6-\xa9]|\xef\xbb\xbf)$/';

    private function __construct()
    {
    }

    /** Each byte of $s as \xNN. */
    private static function bytes(string $s): string
    {
        $out = '';
        foreach (str_split($s) as $byte) {
            $out .= sprintf('\\x%02x', ord($byte));
        }

        return $out;
    }

    /**
     * $name with backslashes doubled, and control bytes, bytes that are not UTF-8
     * and the bytes of the characters of CONTROLS as \xNN: valid UTF-8, injective.
     */
    public static function escape(string $name): string
    {
        if (preg_match('/^[\x20-\x5b\x5d-\x7e]*$/D', $name)) {
            return $name;
        }

        return (string) preg_replace_callback(
            '/(' . self::UTF8_SEQUENCE . ')|[\x00-\x1f\x7f-\xff\\\\]/',
            static fn (array $m): string => ($m[1] ?? '') !== '' && !preg_match(self::CONTROLS, $m[1]) ? $m[1]
                : ($m[0] === '\\' ? '\\\\' : self::bytes($m[0])),
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

    /**
     * A list of labels (a holder's held_by) as JSON fields, as json() writes a
     * name: [$key => the list] when every label is valid UTF-8; else [$key =>
     * each label's escape(), "{$key}_base64" => each label's exact bytes in
     * base64]. Null (not known) stays [$key => null].
     *
     * @param list<string>|null $labels
     * @return array<string, list<string>|null>
     */
    public static function jsonList(string $key, ?array $labels): array
    {
        if ($labels === null || array_filter($labels, static fn (string $l): bool => !preg_match('//u', $l)) === []) {
            return [$key => $labels];
        }

        return [
            $key => array_map(self::escape(...), $labels),
            $key . '_base64' => array_map('base64_encode', $labels),
        ];
    }

    /**
     * A state of Kinds::view() as JSON fields: its held_by through jsonList(),
     * in its place; the other fields as they are.
     *
     * @param array<string, mixed> $state
     * @return array<string, mixed>
     */
    public static function jsonState(array $state): array
    {
        if (!array_key_exists('held_by', $state)) {
            return $state;
        }
        $out = [];
        foreach ($state as $field => $value) {
            $out += $field === 'held_by' ? self::jsonList($field, $value) : [$field => $value];
        }

        return $out;
    }
}
