--TEST--
Symfony Messenger failure transport (?dead=1): messenger:failed:remove removes a dead letter whose payload is not an envelope
--DESCRIPTION--
Symfony Messenger failure transport (?dead=1): messenger:failed:remove <id>
removes a dead letter whose payload is not an envelope (find() returns it as an
UndecodableMessage), and messenger:failed:retry <id> refuses to send it
anywhere, leaving it
--INI--
extension=mbstring
extension=intl
--FILE--
<?php
require __DIR__ . '/symfony_test.inc';
require_once '/usr/share/php/Symfony/Component/Console/autoload.php';

use RedisLock\Bridge\Symfony\Messenger\UndecodableMessage;
use Symfony\Component\Console\Application;
use Symfony\Component\Console\Tester\CommandTester;
use Symfony\Component\EventDispatcher\EventDispatcher;
use Symfony\Component\Messenger\Command\FailedMessagesRemoveCommand;
use Symfony\Component\Messenger\Command\FailedMessagesRetryCommand;
use Symfony\Component\Messenger\EventListener\SendFailedMessageForRetryListener;
use Symfony\Component\Messenger\MessageBus;
use Symfony\Component\Messenger\Middleware\HandleMessageMiddleware;
use Symfony\Component\Messenger\Handler\HandlersLocator;

$name = rl_name('.failed');
$queue = rq_queue();
$failed = sm_transport($name, 'dead=1');
$queue->enqueue($name, 'garbage', payload: 'O:8:"stdClass":0:{}');
$queue->fail($name, 'garbage');

$message = $failed->find('garbage')?->getMessage();
rq_check($message instanceof UndecodableMessage && $message->getId() === 'garbage', 'find() returns it as an UndecodableMessage', $message);

$services = new SmServices(['failed' => $failed]);
$app = new Application();
$dispatcher = new EventDispatcher();
$dispatcher->addSubscriber(new SendFailedMessageForRetryListener(new SmContainer(['failed' => $failed]), new SmContainer(['failed' => sm_retry_strategy(3, 100)])));
$app->add(new FailedMessagesRetryCommand('failed', $services, new MessageBus([new HandleMessageMiddleware(new HandlersLocator([]))]), $dispatcher));
try {
    (new CommandTester($app->find('messenger:failed:retry')))->execute(['id' => ['garbage'], '--force' => true]);
    echo "FAILED: the retry went through\n";
} catch (Throwable $e) {
    echo 'retry: ', get_class($e), ': ', $e->getMessage(), "\n";
}
rq_check(array_column($queue->dead($name), 'payload', 'id') === ['garbage' => 'O:8:"stdClass":0:{}'], 'the retry left it, payload untouched');

$app->add(new FailedMessagesRemoveCommand('failed', $services));
$remove = new CommandTester($app->find('messenger:failed:remove'));
$remove->execute(['id' => ['garbage'], '--force' => true]);
rq_check(str_contains($remove->getDisplay(), 'removed'), 'messenger:failed:remove says it removed it', $remove->getDisplay());
rq_check($queue->size($name)['dead'] === 0, 'and it is gone');
?>
--EXPECTF--
ok: find() returns it as an UndecodableMessage
retry: Symfony\Component\Messenger\Exception\TransportException: Dead letter "garbage" of queue "%s" carries no message envelope: it cannot be sent again (remove it with messenger:failed:remove).
ok: the retry left it, payload untouched
ok: messenger:failed:remove says it removed it
ok: and it is gone
