// SPDX-License-Identifier: Apache-2.0

#include "core/cluster/launchplan.h"

#include "common/constvalue.h"

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

    // An instance whose address is not known yet gets a placeholder to fill in by hand, and the
    // master's placeholder reaches every node's --master_addr.
    void workerWithoutAddress()
    {
        const QList<LaunchPlan::Worker> workers{{u"worker-1"_s, u"inst_A"_s, {}, 22},
                                                {u"worker-2"_s, u"inst_B"_s, u"10.0.0.12"_s, 22}};
        LaunchPlan::Options options = trainingOptions();
        options.gpusPerNode = 0;
        QCOMPARE(LaunchPlan::hostfile(workers, options), u"<address of worker-1>\n10.0.0.12\n"_s);
        QCOMPARE(LaunchPlan::sshCommand(workers.first(), options), u"ssh trainer@<address of worker-1>"_s);
        QCOMPARE(LaunchPlan::torchrunLine(workers, 1, options),
                 u"NCCL_IB_HCA=mlx5 NCCL_SOCKET_IFNAME=^lo,docker NCCL_DEBUG=INFO torchrun --nnodes=2 "
                 "--node_rank=1 --master_addr=<address of worker-1> --master_port=29500 "
                 "--nproc_per_node=gpu train.py"_s);
        QVERIFY(LaunchPlan::document(workers, options)
                    .startsWith(u"# Partition training on fabric europe-north1-a.fab2: 2 running worker(s), "
                                "GPUs per node unknown.\n"_s));
    }
};

QTEST_GUILESS_MAIN(TestLaunchPlan)
#include "tst_launchplan.moc"
