// SPDX-License-Identifier: Apache-2.0

#include "core/cli/sfcommand.h"

#include <QProcess>
#include <QStandardPaths>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace sfdesk;

class TestSfCommand final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void quoting_data()
    {
        QTest::addColumn<QString>("argument");
        QTest::addColumn<QString>("expected");
        QTest::newRow("plain") << u"training"_s << u"training"_s;
        QTest::newRow("id") << u"ibpart_k3R-nX9vLm7Qp2Yw5Jd8F"_s << u"ibpart_k3R-nX9vLm7Qp2Yw5Jd8F"_s;
        QTest::newRow("resource path") << u"sfc:infiniband_partition:acme:default:training"_s
                                       << u"sfc:infiniband_partition:acme:default:training"_s;
        QTest::newRow("space") << u"my file.yaml"_s << u"'my file.yaml'"_s;
        QTest::newRow("empty") << QString() << u"''"_s;
        QTest::newRow("single quote") << u"it's"_s << u"'it'\\''s'"_s;
        QTest::newRow("dollar") << u"$HOME"_s << u"'$HOME'"_s;
        QTest::newRow("semicolon") << u"a;rm -rf /"_s << u"'a;rm -rf /'"_s;
        // "^...$" matched before a final newline and let it through unquoted.
        QTest::newRow("final newline") << u"x\n"_s << u"'x\n'"_s;
        QTest::newRow("newline and a command") << u"x\nreboot"_s << u"'x\nreboot'"_s;
        QTest::newRow("command substitution") << u"$(reboot)"_s << u"'$(reboot)'"_s;
        QTest::newRow("backticks") << u"`id`"_s << u"'`id`'"_s;
        QTest::newRow("double quotes") << u"\"a b\""_s << u"'\"a b\"'"_s;
        QTest::newRow("carriage return") << u"x\r"_s << u"'x\r'"_s;
        QTest::newRow("leading dash") << u"-x"_s << u"-x"_s;
    }

    void quoting()
    {
        QFETCH(QString, argument);
        QFETCH(QString, expected);
        QCOMPARE(SfCommand::shellQuote(argument), expected);
        // A POSIX shell reads it back as one word, the argument itself.
        const QString sh = QStandardPaths::findExecutable(u"sh"_s);
        QVERIFY(!sh.isEmpty());
        QProcess shell;
        shell.start(sh, {u"-c"_s, u"printf '%s|' "_s + SfCommand::shellQuote(argument)});
        QVERIFY(shell.waitForFinished(30000));
        QCOMPARE(shell.exitCode(), 0);
        QCOMPARE(QString::fromUtf8(shell.readAllStandardOutput()), argument + u'|');
    }

    void commands_data()
    {
        QTest::addColumn<QString>("actual");
        QTest::addColumn<QString>("expected");

        QTest::newRow("create on fabric")
            << SfCommand::partitionCreate({u"training"_s, u"europe-north1-a.fab2"_s, {}, {}})
            << u"sf infiniband-partitions create --name training --fabric europe-north1-a.fab2"_s;
        QTest::newRow("create in zone")
            << SfCommand::partitionCreate({u"training"_s, {}, u"europe-north1"_s, u"a"_s})
            << u"sf infiniband-partitions create --name training --region europe-north1 --zone a"_s;
        QTest::newRow("list") << SfCommand::partitionList(false) << u"sf infiniband-partitions list"_s;
        QTest::newRow("list all on fabric")
            << SfCommand::partitionList(true, u"us-east1-b.fab1"_s)
            << u"sf infiniband-partitions list --all --fabric us-east1-b.fab1"_s;
        QTest::newRow("get") << SfCommand::partitionGet(u"training"_s)
                             << u"sf infiniband-partitions get training"_s;
        QTest::newRow("instances") << SfCommand::partitionInstances(u"training"_s)
                                   << u"sf infiniband-partitions instances training"_s;
        QTest::newRow("delete") << SfCommand::partitionDelete(u"training"_s)
                                << u"sf infiniband-partitions delete training"_s;
        QTest::newRow("instance with partition")
            << SfCommand::instanceCreate({u"training-cluster"_s, u"isku_abc"_s, u"ubuntu-24.04-cuda-13.2"_s,
                                          u"./init.yaml"_s, u"worker-1"_s, u"training"_s})
            << u"sf instances create --pool training-cluster --sku isku_abc --image ubuntu-24.04-cuda-13.2 "
               "--cloud-init ./init.yaml --name worker-1 --infiniband-partition training"_s;
        QTest::newRow("instance without partition or name")
            << SfCommand::instanceCreate({u"dev"_s, u"isku_abc"_s, u"ubuntu-22.04.5-cuda-12.7"_s, {}, {}, {}})
            << u"sf instances create --pool dev --sku isku_abc --image ubuntu-22.04.5-cuda-12.7"_s;
        QTest::newRow("availability ib")
            << SfCommand::availability(true) << u"sf availability --rdma-type infiniband"_s;
        QTest::newRow("availability") << SfCommand::availability(false) << u"sf availability"_s;
        QTest::newRow("preview") << SfCommand::previewEnroll(u"infiniband-preview"_s)
                                 << u"sf preview set infiniband-preview=true"_s;
        QTest::newRow("pool create") << SfCommand::poolCreate(u"training-cluster"_s)
                                     << u"sf pools create --name training-cluster"_s;
        QTest::newRow("pool create, hostile name")
            << SfCommand::poolCreate(u"x\n; reboot"_s) << u"sf pools create --name 'x\n; reboot'"_s;
        // 2026-10-12T00:00:00Z, 5 days, as in the announcement.
        QTest::newRow("buy quote")
            << SfCommand::orderCreate({true, u"training-cluster"_s, u"isku_ib"_s, 64, 1791763200, 5 * 86400,
                                       u"20.00"_s, false, true})
            << u"sf orders create --side buy --pool training-cluster --count 64 --start 2026-10-12T00:00:00Z "
               "--duration 5d --max-rate 20.00 --sku isku_ib --quote"_s;
        QTest::newRow("sell last day standing")
            << SfCommand::orderCreate({false, u"training-cluster"_s, u"isku_ib"_s, 64, 1792108800, 86400,
                                       u"15.00"_s, true, false})
            << u"sf orders create --side sell --pool training-cluster --count 64 --start "
               u"2026-10-16T00:00:00Z "
               "--duration 1d --min-rate 15.00 --sku isku_ib --allow-standing"_s;
        QTest::newRow("cancel") << SfCommand::orderCancel(u"ordr_x"_s) << u"sf orders cancel ordr_x"_s;
        QTest::newRow("terminate") << SfCommand::instanceTerminate(u"worker-1"_s)
                                   << u"sf instances terminate worker-1"_s;
        QTest::newRow("replace") << SfCommand::instanceReplace(
            {u"worker-1"_s, u"ubuntu-24.04-cuda-13.2"_s, u"./init.yaml"_s, u"worker-2"_s})
                                 << u"sf instances replace worker-1 --image ubuntu-24.04-cuda-13.2 "
                                    "--cloud-init ./init.yaml --name worker-2"_s;
        QTest::newRow("priority") << SfCommand::instancePriority({u"inst_a"_s, u"inst_b"_s}, u"yield"_s)
                                  << u"sf instances set --priority-level yield inst_a inst_b"_s;
        QTest::newRow("template") << SfCommand::instanceTemplateCreate(
            {u"training-worker"_s, u"ubuntu-24.04-cuda-13.2"_s, u"my init.yaml"_s})
                                  << u"sf instance-templates create --name training-worker --image "
                                     "ubuntu-24.04-cuda-13.2 --cloud-init 'my init.yaml'"_s;
        QTest::newRow("template delete") << SfCommand::instanceTemplateDelete(u"training-worker"_s)
                                         << u"sf instance-templates delete training-worker"_s;
        QTest::newRow("deployment")
            << SfCommand::deploymentCreate({u"trainers"_s,
                                            u"training-cluster"_s,
                                            u"isku_ib"_s,
                                            u"training-worker"_s,
                                            2,
                                            u"worker-{{nanoid(10)}}"_s,
                                            u"training"_s,
                                            false,
                                            {}})
            << u"sf deployments create --name trainers --pool training-cluster --sku "
               "isku_ib --instance-template training-worker --target-instance-count 2 "
               "--instance-name-template 'worker-{{nanoid(10)}}' "
               "--infiniband-partition training"_s;
        SfCommand::DeploymentCreate spot{u"cheap"_s, u"p"_s, u"isku_ib"_s, u"t"_s,   1,
                                         {},         {},     true,         u"2.50"_s};
        QTest::newRow("spot deployment")
            << SfCommand::deploymentCreate(spot)
            << u"sf deployments create --name cheap --pool p --sku isku_ib "
               "--instance-template t --target-instance-count 1 --spot --max-rate 2.50"_s;
        QTest::newRow("scale") << SfCommand::deploymentScale(u"trainers"_s, 3)
                               << u"sf deployments set trainers --target-instance-count 3"_s;
        QTest::newRow("pause") << SfCommand::deploymentSetEnabled(u"trainers"_s, false)
                               << u"sf deployments set trainers --enabled false"_s;
        QTest::newRow("deployment delete")
            << SfCommand::deploymentDelete(u"trainers"_s) << u"sf deployments delete trainers"_s;
    }

    void commands()
    {
        QFETCH(QString, actual);
        QFETCH(QString, expected);
        QCOMPARE(actual, expected);
    }

    void durations_data()
    {
        QTest::addColumn<qint64>("seconds");
        QTest::addColumn<QString>("expected");
        QTest::newRow("two weeks") << qint64(14 * 86400) << u"2w"_s;
        QTest::newRow("five days") << qint64(5 * 86400) << u"5d"_s;
        QTest::newRow("36 hours") << qint64(36 * 3600) << u"36h"_s;
        QTest::newRow("90 minutes") << qint64(90 * 60) << u"90m"_s;
        QTest::newRow("odd seconds") << qint64(61) << u"61s"_s;
        QTest::newRow("zero") << qint64(0) << u"0s"_s;
    }

    void durations()
    {
        QFETCH(qint64, seconds);
        QFETCH(QString, expected);
        QCOMPARE(SfCommand::cliDuration(seconds), expected);
    }

    void imageCommands_data()
    {
        QTest::addColumn<QString>("actual");
        QTest::addColumn<QString>("expected");
        QTest::newRow("upload") << SfCommand::imageUpload(u"/data/images/cuda13 ib.raw"_s, u"cuda13-ib"_s)
                                << u"sf images upload -f '/data/images/cuda13 ib.raw' -n cuda13-ib"_s;
        QTest::newRow("upload unnamed")
            << SfCommand::imageUpload(u"./my.img"_s, {}) << u"sf images upload -f ./my.img"_s;
        QTest::newRow("get with its download link") << SfCommand::imageGet(u"image_k3R-nX9vLm7Qp2Yw5Jd8F"_s)
                                                    << u"sf images get image_k3R-nX9vLm7Qp2Yw5Jd8F"_s;
        QTest::newRow("revoke") << SfCommand::imageRevoke(u"image_x"_s) << u"sf images revoke image_x"_s;
        QTest::newRow("reinstate") << SfCommand::imageReinstate(u"image_x"_s)
                                   << u"sf images reinstate image_x"_s;
        QTest::newRow("delete") << SfCommand::imageDelete(u"sfc:image:acme:default:cuda13-ib"_s)
                                << u"sf images delete sfc:image:acme:default:cuda13-ib"_s;
    }

    void imageCommands()
    {
        QFETCH(QString, actual);
        QFETCH(QString, expected);
        QCOMPARE(actual, expected);
    }
};

QTEST_GUILESS_MAIN(TestSfCommand)
#include "tst_sfcommand.moc"
