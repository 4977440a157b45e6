// SPDX-License-Identifier: Apache-2.0

#include "core/api/apiclient.h"

#include "common/constvalue.h"
#include "core/api/resourcejson.h"
#include "core/models/connectionstatus.h"
#include "core/models/deploymentmodel.h"
#include "core/models/instancemodel.h"
#include "core/models/instancetemplatemodel.h"
#include "core/models/session.h"
#include "core/models/workspacemodel.h"
#include "support/simprocess.h"
#include "support/testenv.h"

#include <QAbstractItemModelTester>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QSignalSpy>
#include <QTest>

using namespace sfdesk;

using namespace std::chrono_literals;
using namespace Qt::StringLiterals;

namespace {

Instance instance(const QString& id, const QString& deployment, Instance::Status status,
                  const QString& name = {})
{
    Instance i;
    i.id = id;
    i.name = name.isEmpty() ? id : name;
    i.status = status;
    i.priority = u"normal"_s;
    if (!deployment.isEmpty())
        i.managedBy = ObjectRef{deployment, deployment + u"-name"_s};
    return i;
}

Deployment deployment(const QString& id, int target)
{
    Deployment d;
    d.id = id;
    d.name = id + u"-name"_s;
    d.targetInstanceCount = target;
    d.state = Deployment::State::Info;
    d.stateText = u"info"_s;
    return d;
}

} // namespace

// Instance templates and deployments in the client: their readers, their models (each under
// QAbstractItemModelTester), and the calls and the session's lists against the real sfsim's demo
// world over loopback HTTP.
class TestDeploymentClient final : public QObject
{
    Q_OBJECT

private:
    template <typename T> T await(ApiCall* call, ApiError* error = nullptr)
    {
        QSignalSpy succeeded(call, &ApiCall::succeeded);
        QSignalSpy failed(call, &ApiCall::failed);
        [&] { QTRY_VERIFY_WITH_TIMEOUT(succeeded.size() + failed.size() == 1, 15000); }();
        if (!failed.isEmpty() && error)
            *error = failed.first().first().value<ApiError>();
        if constexpr (std::is_void_v<T>)
            return;
        else
            return succeeded.isEmpty() ? T{} : succeeded.first().first().value<T>();
    }

    SimProcess m_sim;
    QNetworkAccessManager m_network;

private Q_SLOTS:
    void initTestCase()
    {
        TestEnv::init();
        QVERIFY2(m_sim.start({u"--demo"_s, u"--control"_s}, 120000), qPrintable(m_sim.errorOutput()));
    }

    void readsBothKindsOfDeployment()
    {
        const QJsonObject spot = QJsonDocument::fromJson(R"({
            "object": "spot_deployment", "id": "spot_A", "resource_path": "sfc:spot_deployment:acme:default:s",
            "owner": "acme", "workspace": "default", "workspace_id": "wksp_A", "name": "s",
            "pool": {"id": "pool_A", "name": "p"}, "instance_template": {"id": "itmpl_A", "name": "t"},
            "instance_sku": {"object": "instance_sku", "id": "isku_A", "alias": "hel-a-h100-ib"},
            "enabled": false, "target_instance_count": 3, "max_buy_price_dollars_per_node_hour": "2.500000",
            "instance_name_template": "w-{{nanoid(10)}}", "status": {"state": "warning", "message": "short"},
            "created_at": 100, "updated_at": 200, "infiniband_partition": {"id": "ibpart_A", "name": "training"}
        })")
                                     .object();
        QString error;
        const auto d = parseDeployment(spot, &error);
        QVERIFY2(d, qPrintable(error));
        QCOMPARE(d->kind, Deployment::Kind::Spot);
        QCOMPARE(d->sku.name, u"hel-a-h100-ib"_s);
        QCOMPARE(d->maxBuyPrice->micros, qint64(2'500'000));
        QCOMPARE(d->state, Deployment::State::Warning);
        QCOMPARE(d->statusMessage, u"short"_s);
        QVERIFY(!d->enabled);
        QCOMPARE(d->infinibandPartition->name, u"training"_s);
        QCOMPARE(DeploymentModel::stateText(*d), u"Paused"_s);
        // Another object is not a deployment; a status without a state is malformed.
        QJsonObject other = spot;
        other.insert(u"object"_s, u"pool"_s);
        QVERIFY(!parseDeployment(other, &error));
        QJsonObject noState = spot;
        noState.insert(u"status"_s, QJsonObject{{u"message"_s, u"x"_s}});
        QVERIFY(!parseDeployment(noState, &error));
        QVERIFY2(error.contains(u"state"_s), qPrintable(error));

        const QJsonObject tmpl{
            {u"object"_s, u"instance_template"_s},
            {u"id"_s, u"itmpl_A"_s},
            {u"name"_s, u"t"_s},
            {u"image"_s, QJsonObject{{u"id"_s, u"image_A"_s}, {u"name"_s, u"ubuntu"_s}}},
            {u"cloud_init_user_data_used"_s, true},
            {u"cloud_init_user_data"_s, QString::fromLatin1(QByteArray("#cloud-config\n").toBase64())},
            {u"created_at"_s, 5}};
        const auto t = parseInstanceTemplate(tmpl, &error);
        QVERIFY2(t, qPrintable(error));
        QCOMPARE(*t->cloudInitUserData, QByteArray("#cloud-config\n"));
        QJsonObject broken = tmpl;
        broken.insert(u"cloud_init_user_data"_s, u"not base64!"_s);
        QVERIFY(!parseInstanceTemplate(broken, &error));
    }

    // The running count follows the session's instances, and only its column of its rows changes.
    void runningCountsFollowTheInstances()
    {
        InstanceModel instances;
        DeploymentModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setInstances(&instances);
        model.refresh({deployment(u"depl_a"_s, 2), deployment(u"depl_b"_s, 1)});
        QCOMPARE(model.running(u"depl_a"_s), 0);
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        instances.refresh({instance(u"inst_1"_s, u"depl_a"_s, Instance::Status::Running, u"w-2"_s),
                           instance(u"inst_2"_s, u"depl_a"_s, Instance::Status::AwaitingAllocation, u"w-1"_s),
                           instance(u"inst_3"_s, {}, Instance::Status::Running)});
        QCOMPARE(model.running(u"depl_a"_s), 1);
        QCOMPARE(model.running(u"depl_b"_s), 0);
        QVERIFY(!changed.isEmpty());
        for (const auto& args : std::as_const(changed)) {
            QCOMPARE(args.at(0).toModelIndex().column(), int(DeploymentModel::RunningColumn));
            QCOMPARE(args.at(1).toModelIndex().column(), int(DeploymentModel::RunningColumn));
        }
        const QModelIndex cell = model.index(model.rowOf(u"depl_a"_s), DeploymentModel::RunningColumn);
        QCOMPARE(cell.data().toInt(), 1);
        // Its instances that run or wait, by name: what deleting it stops.
        QStringList names;
        for (const Instance& i : model.activeInstances(u"depl_a"_s))
            names << i.name;
        QCOMPARE(names, (QStringList{u"w-1"_s, u"w-2"_s}));
        // The same instances again: nothing to say.
        changed.clear();
        instances.refresh(instances.rows());
        QCOMPARE(changed.size(), qsizetype(0));
        // A terminated instance no longer counts.
        QList<Instance> rows = instances.rows();
        rows[0].status = Instance::Status::Terminated;
        instances.refresh(rows);
        QCOMPARE(model.running(u"depl_a"_s), 0);
        QCOMPARE(model.activeInstances(u"depl_a"_s).size(), qsizetype(1));
        // The priority of a live instance is editable; of an ended one, not.
        QVERIFY(instances.flags(instances.index(1, InstanceModel::PriorityColumn)) & Qt::ItemIsEditable);
        QVERIFY(!(instances.flags(instances.index(0, InstanceModel::PriorityColumn)) & Qt::ItemIsEditable));
        QVERIFY(!(instances.flags(instances.index(1, InstanceModel::NameColumn)) & Qt::ItemIsEditable));
        QCOMPARE(instances.index(1, InstanceModel::DeploymentColumn).data().toString(), u"depl_a-name"_s);
    }

    // The session lists deployments one workspace at a time when it shows them all, and templates.
    void sessionListsTheDemoFleet()
    {
        ApiClient client(m_sim.baseUrl(), &m_network);
        client.setToken(m_sim.token(u"acme-owner"_s));
        Session session(&client);
        QAbstractItemModelTester t1(session.deployments(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester t2(session.instanceTemplates(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
        for (const Session::Resource r : {Session::Resource::Deployments,
                                          Session::Resource::InstanceTemplates, Session::Resource::Instances})
            session.watch(r);
        session.setInterval(1h);
        session.start();
        QTRY_COMPARE_WITH_TIMEOUT(session.deployments()->rowCount(), 1, 15000);
        QTRY_VERIFY_WITH_TIMEOUT(session.isLoaded(Session::Resource::InstanceTemplates), 15000);
        QTRY_VERIFY_WITH_TIMEOUT(session.isLoaded(Session::Resource::Instances), 15000);
        const Deployment trainers = session.deployments()->at(0);
        QCOMPARE(trainers.name, u"trainers"_s);
        QCOMPARE(trainers.workspace, u"production"_s);
        QCOMPARE(session.deployments()->running(trainers.id), 2);
        QCOMPARE(session.instanceTemplates()->rowCount(), 1);
        QCOMPARE(session.instanceTemplates()->at(0).name, u"training-worker"_s);
        // The list leaves the user data out; the one template has it.
        QVERIFY(!session.instanceTemplates()->at(0).cloudInitUserData);
        const auto full =
            await<InstanceTemplate>(client.instanceTemplate(session.instanceTemplates()->at(0).id));
        QVERIFY(full.cloudInitUserData->startsWith("#cloud-config"));
        session.stop();
    }

    // Every call the views make, against the server.
    void callsDoWhatTheySay()
    {
        ApiClient client(m_sim.baseUrl(), &m_network);
        client.setToken(m_sim.token(u"acme-owner"_s));
        const auto workspaces = await<QList<Workspace>>(client.workspaces());
        QString production;
        for (const Workspace& w : workspaces)
            if (w.name == u"production")
                production = w.id;
        QVERIFY(!production.isEmpty());

        NewInstanceTemplate nt;
        nt.workspace = production;
        nt.image = u"ubuntu-24.04-cuda-13.1"_s;
        nt.name = u"client-template"_s;
        nt.cloudInitUserData = "#cloud-config\nruncmd:\n  - [true]\n";
        ApiError error;
        const auto tmpl = await<InstanceTemplate>(client.createInstanceTemplate(nt), &error);
        QVERIFY2(!tmpl.id.isEmpty(), qPrintable(error.technicalDetails()));
        QCOMPARE(*tmpl.cloudInitUserData, nt.cloudInitUserData);

        const auto deployments = await<QList<Deployment>>(client.deployments(production));
        QCOMPARE(deployments.size(), qsizetype(1));
        const Deployment trainers = deployments.first();
        // Scale the demo's workers to 1, pause, resume.
        DeploymentChange down;
        down.targetInstanceCount = 1;
        auto changed = await<Deployment>(client.changeDeployment(trainers.id, down), &error);
        QCOMPARE(changed.targetInstanceCount, 1);
        DeploymentChange pause;
        pause.enabled = false;
        changed = await<Deployment>(client.changeDeployment(trainers.id, pause), &error);
        QVERIFY(!changed.enabled);
        QCOMPARE(DeploymentModel::stateText(changed), u"Paused"_s);
        pause.enabled = true;
        changed = await<Deployment>(client.changeDeployment(trainers.id, pause), &error);
        QVERIFY(changed.enabled);

        // The worker left: its priority, then a replacement from the client template; the same key
        // answers with the same replacement.
        QUrlQuery running;
        running.addQueryItem(u"status"_s, u"running"_s);
        QList<Instance> workers;
        for (const Instance& i : await<QList<Instance>>(client.instances(production, running)))
            if (i.managedBy && i.managedBy->id == trainers.id)
                workers << i;
        QCOMPARE(workers.size(), qsizetype(1));
        const auto prioritised = await<QList<Instance>>(
            client.setInstancePriorities({{workers.first().id, u"critical"_s}}), &error);
        QCOMPARE(prioritised.size(), qsizetype(1));
        QCOMPARE(prioritised.first().priority, u"critical"_s);
        const auto withData = await<Instance>(client.instanceWithUserData(workers.first().id));
        QVERIFY(withData.cloudInitUserData.has_value());
        InstanceReplacement replacement{u"ubuntu-24.04-cuda-13.1"_s, nt.cloudInitUserData, {}};
        const QByteArray key = ApiClient::newIdempotencyKey();
        const auto replaced =
            await<Instance>(client.replaceInstance(workers.first().id, replacement, key), &error);
        QVERIFY2(!replaced.id.isEmpty(), qPrintable(error.technicalDetails()));
        QCOMPARE(replaced.priority, u"critical"_s);
        QCOMPARE(replaced.managedBy->id, trainers.id);
        QVERIFY(replaced.infinibandPartition == workers.first().infinibandPartition);
        const auto again = await<Instance>(client.replaceInstance(workers.first().id, replacement, key));
        QCOMPARE(again.id, replaced.id);
        // The name is freed by deleting the terminated one, then taken.
        await<void>(client.deleteInstance(workers.first().id), &error);
        const auto renamed =
            await<Instance>(client.renameInstance(replaced.id, workers.first().name), &error);
        QCOMPARE(renamed.name, workers.first().name);

        // A deployment of the new template, then its delete; the template goes last.
        NewDeployment nd;
        nd.pool = trainers.pool.id;
        nd.sku = trainers.sku.id;
        nd.instanceTemplate = tmpl.id;
        nd.name = u"client-deployment"_s;
        nd.targetInstanceCount = 0;
        nd.instanceNameTemplate = u"client-{{nanoid(10)}}"_s;
        const auto created = await<Deployment>(client.createDeployment(nd), &error);
        QVERIFY2(!created.id.isEmpty(), qPrintable(error.technicalDetails()));
        QCOMPARE(created.instanceTemplate.id, tmpl.id);
        await<void>(client.deleteInstanceTemplate(tmpl.id), &error);
        QCOMPARE(error.reason(), ApiError::Reason::Invalid);
        QCOMPARE(error.serverMessage(), u"Instance template is in use."_s);
        error = {};
        await<void>(client.deleteDeployment(created.id), &error);
        QCOMPARE(error.reason(), ApiError::Reason::None);
        await<void>(client.deleteInstanceTemplate(tmpl.id), &error);
        QCOMPARE(error.reason(), ApiError::Reason::None);
        QCOMPARE(await<QList<InstanceTemplate>>(client.instanceTemplates(production)).size(), qsizetype(1));
    }
};

QTEST_GUILESS_MAIN(TestDeploymentClient)
#include "tst_deploymentclient.moc"
