// SPDX-License-Identifier: Apache-2.0

#include "core/cluster/ibcheck.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace sfdesk;

namespace {

// Console lines as the InfiniBand images print them, one second apart from t.
QList<ConsoleLine> console(const QStringList& texts, qint64 t = 1000)
{
    QList<ConsoleLine> lines;
    for (const QString& text : texts)
        lines.append({lines.size() + 1, t++, text});
    return lines;
}

const QString prefix = u"[   17.600000] sfc-ib-check[1200]: "_s;

QStringList devinfo(const QString& state)
{
    return {prefix + u"$ ibv_devinfo"_s,
            prefix + u"hca_id: mlx5_0"_s,
            prefix + u"        transport:          InfiniBand (0)"_s,
            prefix + u"                port:   1"_s,
            prefix + u"                        state:          %1"_s.arg(state),
            prefix + u"                        link_layer:     InfiniBand"_s};
}

} // namespace

class TestIbCheck final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void active()
    {
        const QStringList boot{
            u"[    9.800001] cloud-init[812]: Cloud-init v. 24.1.3 running 'init-local'."_s};
        const IbCheck::Result result = IbCheck::fromConsole(console(boot + devinfo(u"PORT_ACTIVE (4)"_s)));
        QCOMPARE(result, (IbCheck::Result{IbCheck::PortState::Active, u"state: PORT_ACTIVE (4)"_s, 1001}));
    }

    void portDown()
    {
        const IbCheck::Result result = IbCheck::fromConsole(console(devinfo(u"PORT_DOWN (1)"_s)));
        QCOMPARE(result, (IbCheck::Result{IbCheck::PortState::Down, u"state: PORT_DOWN (1)"_s, 1000}));
    }

    // Two HCAs: one port down is enough for the worker to be down.
    void oneOfTwoPortsDown()
    {
        const IbCheck::Result result =
            IbCheck::fromConsole(console(devinfo(u"PORT_ACTIVE (4)"_s) + devinfo(u"PORT_INIT (2)"_s).mid(1)));
        QCOMPARE(result.state, IbCheck::PortState::Down);
        QCOMPARE(result.detail, u"state: PORT_INIT (2)"_s);
    }

    void noDeviceOrNoStack_data()
    {
        QTest::addColumn<QString>("line");
        QTest::newRow("no devices") << u"No IB devices found"_s;
        QTest::newRow("no stack")
            << u"ibv_devinfo: command not found (this image does not ship the InfiniBand stack)"_s;
    }

    void noDeviceOrNoStack()
    {
        QFETCH(QString, line);
        const IbCheck::Result result =
            IbCheck::fromConsole(console({prefix + u"$ ibv_devinfo"_s, prefix + line}, 500));
        QCOMPARE(result, (IbCheck::Result{IbCheck::PortState::Down, line, 500}));
    }

    void notReported()
    {
        QCOMPARE(IbCheck::fromConsole({}), IbCheck::Result{});
        const IbCheck::Result booting = IbCheck::fromConsole(
            console({u"[    6.150002] systemd[1]: Hostname set to <worker-3>."_s,
                     u"[   12.000114] cloud-init[901]: Cloud-init v. 24.1.3 running 'init'."_s}));
        QCOMPARE(booting, IbCheck::Result{});
        // The command was started but printed nothing yet.
        const IbCheck::Result started = IbCheck::fromConsole(console({prefix + u"$ ibv_devinfo"_s}, 700));
        QCOMPARE(started.state, IbCheck::PortState::NotReported);
        QCOMPARE(started.seenAt, 700);
        // Words that are not ibv_devinfo's output count for nothing.
        QCOMPARE(IbCheck::fromConsole(console({u"state: PORT_ACTIVE (4)"_s})), IbCheck::Result{});
    }

    // A later run (a reboot, the bootstrap's check) replaces the earlier result.
    void laterRunWins()
    {
        const IbCheck::Result result =
            IbCheck::fromConsole(console(devinfo(u"PORT_DOWN (1)"_s) + devinfo(u"PORT_ACTIVE (4)"_s)));
        QCOMPARE(result, (IbCheck::Result{IbCheck::PortState::Active, u"state: PORT_ACTIVE (4)"_s, 1006}));
        QCOMPARE(IbCheck::manualCommand(), u"ibv_devinfo | grep -E 'hca_id|state|link_layer'"_s);
    }
};

QTEST_GUILESS_MAIN(TestIbCheck)
#include "tst_ibcheck.moc"
