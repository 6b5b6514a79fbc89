--TEST--
RedisLock: the public methods have the documented names, parameters, defaults and return types
--FILE--
<?php
$class = new ReflectionClass('RedisLock');
foreach (['__construct', 'lock', 'unlock', 'unlockAll', 'expire', 'isLocking'] as $name) {
    $m = $class->getMethod($name);
    $params = [];
    foreach ($m->getParameters() as $p) {
        $s = $p->getType() . ' $' . $p->getName();
        if ($p->isOptional()) {
            $s .= ' = ' . $p->getDefaultValueConstantName() . var_export($p->getDefaultValue(), true);
        }
        $params[] = $s;
    }
    $return = $m->hasReturnType() ? ': ' . $m->getReturnType() : '';
    echo ($m->isPublic() ? 'public ' : 'non-public ') . ($m->isStatic() ? 'static ' : '')
        . "$name(" . implode(', ', $params) . ")$return\n";
}
?>
--EXPECT--
public __construct(array|string|null $connection = NULL)
public lock(string $name, float $timeout = 0, float $expire = 15, int $waitIntervalUs = 100000): bool
public unlock(string $name): bool
public unlockAll(): bool
public expire(string $name, float $expire): bool
public isLocking(string $name): bool
