// SPDX-License-Identifier: Apache-2.0

// The desktop notifier against a real D-Bus daemon (a private session bus this test starts) and a
// notification service on it that answers as a desktop's does: the call the desktop receives, a
// click on the notification opening the notice, the close forgetting it, and no service at all.
#include "core/notify/dbusnotifier.h"

#include <QDBusConnection>
#include <QDBusConnectionInterface>
#include <QProcess>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace sfdesk;

namespace {

const QString ServiceName = u"org.freedesktop.Notifications"_s;
const QString ObjectPath = u"/org/freedesktop/Notifications"_s;

} // namespace

// org.freedesktop.Notifications as a notification daemon offers it, reduced to what sfdesk uses.
class NotificationService final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(NotificationService)
    Q_CLASSINFO("D-Bus Interface", "org.freedesktop.Notifications")

public:
    using QObject::QObject;

    struct Call
    {
        QString appName;
        QString summary;
        QString body;
        QStringList actions;
        QVariantMap hints;
    };
    QList<Call> calls;
    // What GetCapabilities answers, and how often it was asked.
    QStringList capabilities{u"actions"_s, u"body"_s};
    int capabilityQuestions = 0;

public Q_SLOTS:
    uint Notify(const QString& appName, uint replacesId, const QString& icon, const QString& summary,
                const QString& body, const QStringList& actions, const QVariantMap& hints, int timeout)
    {
        Q_UNUSED(replacesId);
        Q_UNUSED(icon);
        Q_UNUSED(timeout);
        calls.append({appName, summary, body, actions, hints});
        return static_cast<uint>(calls.size()) + 40;
    }
    QStringList GetCapabilities()
    {
        ++capabilityQuestions;
        return capabilities;
    }
    void CloseNotification(uint id) { Q_EMIT NotificationClosed(id, 3); }

Q_SIGNALS:
    void ActionInvoked(uint id, const QString& action);
    void NotificationClosed(uint id, uint reason);
};

class TestDBusNotifier final : public QObject
{
    Q_OBJECT

private:
    QProcess m_daemon;
    QString m_address;

    static Notice notice()
    {
        Notice n;
        n.kind = Notice::Kind::OrderFilled;
        n.title = u"Order filled"_s;
        n.text = u"Order o1 filled: 2 nodes."_s;
        n.section = u"orders"_s;
        n.targetId = u"o1"_s;
        return n;
    }

private Q_SLOTS:
    void initTestCase()
    {
        qRegisterMetaType<Notice>();
        const QString daemon = QStandardPaths::findExecutable(u"dbus-daemon"_s);
        if (daemon.isEmpty())
            QSKIP("dbus-daemon is not installed");
        // A session bus of this test's own: the user's desktop is neither needed nor disturbed.
        m_daemon.start(daemon, {u"--session"_s, u"--nofork"_s, u"--nopidfile"_s, u"--print-address=1"_s});
        QVERIFY(m_daemon.waitForStarted());
        QTRY_VERIFY(m_daemon.canReadLine());
        m_address = QString::fromUtf8(m_daemon.readLine()).trimmed();
        QVERIFY(!m_address.isEmpty());
        // Read by QDBusConnection::sessionBus() on its first use, which is after this.
        qputenv("DBUS_SESSION_BUS_ADDRESS", m_address.toUtf8());
        QVERIFY(QDBusConnection::sessionBus().isConnected());
    }

    void cleanupTestCase()
    {
        if (m_daemon.state() != QProcess::NotRunning) {
            m_daemon.terminate();
            m_daemon.waitForFinished();
        }
    }

    void withoutTheServiceNothingIsAvailable()
    {
        DBusNotifier notifier;
        QVERIFY(!notifier.isAvailable());
        notifier.show(notice()); // goes nowhere, quietly
        QCOMPARE(notifier.openCount(), 0);
    }

    void theServiceShowsItAndAClickOpensIt()
    {
        // The service on a connection of its own, as another process's would be.
        QDBusConnection bus = QDBusConnection::connectToBus(m_address, u"notification-service"_s);
        QVERIFY(bus.isConnected());
        NotificationService service;
        QVERIFY(bus.registerObject(ObjectPath, &service,
                                   QDBusConnection::ExportAllSlots | QDBusConnection::ExportAllSignals));
        QVERIFY(bus.registerService(ServiceName));
        QTRY_VERIFY(QDBusConnection::sessionBus().interface()->isServiceRegistered(ServiceName).value());

        DBusNotifier notifier;
        QVERIFY(notifier.isAvailable());
        QSignalSpy activated(&notifier, &Notifier::activated);
        notifier.show(notice());
        QTRY_COMPARE(service.calls.size(), 1);
        const NotificationService::Call call = service.calls.first();
        QCOMPARE(call.appName, u"sfdesk"_s);
        QCOMPARE(call.summary, u"Order filled"_s);
        QCOMPARE(call.body, u"Order o1 filled: 2 nodes."_s);
        QCOMPARE(call.actions, (QStringList{u"default"_s, u"Open"_s}));
        QCOMPARE(call.hints.value(u"desktop-entry"_s).toString(), u"sfdesk"_s);
        QTRY_COMPARE(notifier.openCount(), 1);

        // Another application's notification clicked: not ours.
        Q_EMIT service.ActionInvoked(7, u"default"_s);
        // Ours clicked.
        Q_EMIT service.ActionInvoked(41, u"default"_s);
        QTRY_COMPARE(activated.size(), 1);
        QCOMPARE(activated.first().first().value<Notice>(), notice());

        Q_EMIT service.NotificationClosed(41, 2);
        QTRY_COMPARE(notifier.openCount(), 0);
        QCOMPARE(activated.size(), 1);

        // A price watch's one action opens its order: Buy…, which places nothing by itself.
        Notice watch = notice();
        watch.kind = Notice::Kind::PriceWatch;
        watch.section = u"reservations"_s;
        notifier.show(watch);
        QTRY_COMPARE(service.calls.size(), 2);
        QCOMPARE(service.calls.at(1).actions, (QStringList{u"default"_s, u"Buy…"_s}));

        bus.unregisterService(ServiceName);
        bus.unregisterObject(ObjectPath);
        QDBusConnection::disconnectFromBus(u"notification-service"_s);
    }

    // A body with a server's name in it: where the service reads bodies as markup (and would show
    // the link or picture a name brings), '&', '<' and '>' are sent as entities; where it shows them
    // as they are, the body goes unchanged. The summary is plain text either way.
    void bodyIsEscapedWhereTheServiceReadsMarkup_data()
    {
        QTest::addColumn<QStringList>("capabilities");
        QTest::addColumn<QString>("body");
        const QStringList markup{u"actions"_s, u"body"_s, u"body-markup"_s, u"body-hyperlinks"_s};
        QTest::newRow("body-markup") << markup
                                     << u"Instance x&lt;b&gt;bold&lt;/b&gt;&lt;!-- &amp; &lt;a "
                                        u"href=\"https://x\"&gt;y&lt;/a&gt;&lt;img "
                                        "src=\"https://x/p\"/&gt; is running."_s;
        QTest::newRow("no markup") << QStringList{u"actions"_s, u"body"_s}
                                   << u"Instance x<b>bold</b><!-- & <a href=\"https://x\">y</a><img "
                                      "src=\"https://x/p\"/> is running."_s;
    }
    void bodyIsEscapedWhereTheServiceReadsMarkup()
    {
        QFETCH(QStringList, capabilities);
        QFETCH(QString, body);
        const QString name = u"x<b>bold</b><!-- & <a href=\"https://x\">y</a><img src=\"https://x/p\"/>"_s;
        const QString connection = u"markup-service-%1"_s.arg(QString::fromLatin1(QTest::currentDataTag()));
        QDBusConnection bus = QDBusConnection::connectToBus(m_address, connection);
        QVERIFY(bus.isConnected());
        NotificationService service;
        service.capabilities = capabilities;
        QVERIFY(bus.registerObject(ObjectPath, &service,
                                   QDBusConnection::ExportAllSlots | QDBusConnection::ExportAllSignals));
        QVERIFY(bus.registerService(ServiceName));
        QTRY_VERIFY(QDBusConnection::sessionBus().interface()->isServiceRegistered(ServiceName).value());

        DBusNotifier notifier;
        QVERIFY(notifier.isAvailable());
        Notice running = notice();
        running.kind = Notice::Kind::InstanceRunning;
        running.title = u"Instance %1 running"_s.arg(name);
        running.text = u"Instance %1 is running."_s.arg(name);
        // Two notices before the service said what it reads: both wait for the answer, in order.
        notifier.show(running);
        notifier.show(running);
        QTRY_COMPARE(service.calls.size(), 2);
        notifier.show(running);
        QTRY_COMPARE(service.calls.size(), 3);
        QCOMPARE(service.capabilityQuestions, 1);
        for (const NotificationService::Call& call : std::as_const(service.calls)) {
            QCOMPARE(call.summary, running.title);
            QCOMPARE(call.body, body);
        }

        bus.unregisterService(ServiceName);
        bus.unregisterObject(ObjectPath);
        QDBusConnection::disconnectFromBus(connection);
    }
};

QTEST_GUILESS_MAIN(TestDBusNotifier)
#include "tst_dbusnotifier.moc"
