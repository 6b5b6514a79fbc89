<?php
/* What an implementation needs to run here, declared once per label by the script
 * that measures it, and why it cannot run when something is missing. */

declare(strict_types=1);

/**
 * Declares what the implementation $label needs: autoload files (path => Debian
 * package), checked in order and loaded when present, then checks, each a callable
 * returning why the implementation cannot run (a sentence) or null. Declaring a
 * label again adds to what it needs.
 *
 * @param array<string, string> $files
 */
function bench_needs(string $label, array $files, callable ...$checks): void
{
    $GLOBALS['bench_needs'][$label][] = [$files, $checks];
}

/** Why the implementation $label cannot run here, or null when it can (worked out once). */
function unavailable(string $label): ?string
{
    static $why = [];
    if (array_key_exists($label, $why)) {
        return $why[$label];
    }
    $why[$label] = null;
    foreach ($GLOBALS['bench_needs'][$label] ?? [] as [$files, $checks]) {
        foreach ($files as $file => $package) {
            if (!is_file($file)) {
                return $why[$label] = "not available: $file not found (Debian package $package)";
            }
            require_once $file;
        }
        foreach ($checks as $check) {
            if (($reason = $check()) !== null) {
                return $why[$label] = $reason;
            }
        }
    }
    return null;
}
