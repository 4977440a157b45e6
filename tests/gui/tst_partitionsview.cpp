// SPDX-License-Identifier: Apache-2.0

#include "confirmations.h"
#include "core/api/apiclient.h"
#include "core/models/instancemodel.h"
#include "core/models/partitionmodel.h"
#include "core/settings/settings.h"
#include "gui/common/resourcetableview.h"
#include "gui/common/viewcontext.h"
#include "gui/partitions/createpartitiondialog.h"
#include "gui/partitions/deleteblockersdialog.h"
#include "gui/partitions/partitionsview.h"
#include "support/fixtures.h"
#include "support/routednetwork.h"
#include "support/testenv.h"
#include "widgetscreenshot.h"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QDateTime>
#include <QDialogButtonBox>
#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QRadioButton>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>

using namespace Qt::StringLiterals;
using namespace sfdesk;

namespace {

QByteArray flags(bool enrolled, bool userEnroll)
{
    QJsonObject flag{{u"object"_s, u"feature_flag"_s},
                     {u"feature_flag"_s, u"infiniband-preview"_s},
                     {u"description"_s, u"InfiniBand"_s},
                     {u"user_enroll"_s, userEnroll},
                     {u"enrolled"_s, enrolled}};
    return QJsonDocument(
               QJsonObject{{u"object"_s, u"list"_s}, {u"data"_s, QJsonArray{flag}}, {u"has_more"_s, false}})
        .toJson();
}

// A read that is away (503) until *readable turns true, then answers the fixture file.
RoutedNetwork::Handler awayUntil(const bool* readable, const QString& fixture)
{
    return [readable, fixture](const RoutedNetwork::Seen&) {
        return *readable ? RoutedNetwork::Answer{200, Fixtures::bytes(fixture)}
                         : RoutedNetwork::Answer{
                               503, R"({"error":{"type":"service_unavailable","message":"Away."}})"};
    };
}

struct Fixture
{
    QTemporaryDir dir;
    Settings settings{dir.filePath(u"s.ini"_s)};
    RoutedNetwork network;
    ApiClient client{QUrl(u"http://127.0.0.1:1"_s), &network};
    ViewContext context{&settings};

    explicit Fixture(bool enrolled = true, bool userEnroll = true)
    {
        client.setToken(u"t"_s);
        network.on("GET", u"/workspaces"_s, 200, Fixtures::bytes(u"workspaces.json"_s));
        network.on("GET", u"/feature_flags"_s, 200, flags(enrolled, userEnroll));
        network.on("GET", u"/infiniband_fabrics"_s, 200, Fixtures::bytes(u"infiniband_fabrics.json"_s));
        network.on("GET", u"/infiniband_partitions"_s, 200, Fixtures::bytes(u"infiniband_partitions.json"_s));
        network.on("GET", u"/infiniband_partitions/ibpart_a1B2c3D4e5F6g7H8i9J0k/instances"_s, 200,
                   Fixtures::bytes(u"instances.json"_s));
    }
};

} // namespace

class TestPartitionsView final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { TestEnv::init(); }

    void bannerHidesPartitionsUntilEnrolled()
    {
        Fixture f(false, true);
        f.network.on("POST", u"/feature_flags/infiniband-preview"_s, 200,
                     R"({"object":"feature_flag","feature_flag":"infiniband-preview","enrolled":true})");
        PartitionsView view(&f.context);
        view.resize(1000, 700);
        view.show();
        f.context.setClient(&f.client);
        auto* banner = view.findChild<QWidget*>(u"partitionsEnrolBanner"_s);
        auto* content = view.findChild<QWidget*>(u"partitionsContent"_s);
        auto* enrol = view.findChild<QPushButton*>(u"partitionsEnrolButton"_s);
        QVERIFY(banner && content && enrol);
        QTRY_COMPARE(f.context.infinibandEnrolment(), ViewContext::Enrolment::NotEnrolled);
        QVERIFY(banner->isVisible());
        QVERIFY(!content->isVisible());
        QVERIFY(enrol->isVisible());
        QCOMPARE(f.network.count("GET", u"/infiniband_partitions"_s), 0);
        // A compact bar at the top: message and button on one line, the page below explains.
        auto* text = view.findChild<QLabel*>(u"partitionsEnrolText"_s);
        auto* intro = view.findChild<QLabel*>(u"partitionsIntro"_s);
        QVERIFY(text && intro);
        QVERIFY(intro->isVisible());
        QVERIFY(intro->text().contains(u"isolated InfiniBand network"_s));
        QVERIFY2(banner->height() <= 3 * text->fontMetrics().height() + 24,
                 qPrintable(QString::number(banner->height())));
        QVERIFY(banner->y() < 20);
        QVERIFY(intro->y() >= banner->geometry().bottom());
        const int buttonMiddle = enrol->mapTo(&view, enrol->rect().center()).y();
        const int textMiddle = text->mapTo(&view, text->rect().center()).y();
        QVERIFY2(qAbs(buttonMiddle - textMiddle) <= 4,
                 qPrintable(u"%1 vs %2"_s.arg(buttonMiddle).arg(textMiddle)));
        QVERIFY(enrol->mapTo(&view, QPoint(0, 0)).x()
                > text->mapTo(&view, QPoint(0, 0)).x() + text->width() - 1);
        saveWidgetScreenshot(&view, u"partitions-enrol-banner"_s);

        QSignalSpy refreshed(&view, &PartitionsView::refreshed);
        // From now on the server lists the account as enrolled.
        f.network.on("GET", u"/feature_flags"_s, 200, flags(true, true));
        enrol->click();
        QTRY_VERIFY(content->isVisible());
        QVERIFY(!banner->isVisible());
        QVERIFY(!intro->isVisible());
        // Enrolled, the list takes the page from the top.
        QTRY_VERIFY(content->y() < 20);
        QTRY_VERIFY(content->height() > 600);
        QCOMPARE(f.network.seen.last().method, "GET");
        QCOMPARE(f.network.count("POST", u"/feature_flags/infiniband-preview"_s), 1);
        QTRY_COMPARE(view.model()->rowCount(), 2);
    }

    // The server was away when the view first asked (issue 10, under faults): the failure is
    // reported, and the poll asks again for the enrolment and the fabrics until they come.
    void failedFirstLoadsAreAskedForAgain()
    {
        Fixture f;
        ClientOptions options;
        options.maxAttempts = 1;
        f.client.setOptions(options);
        const QByteArray away = R"({"error":{"type":"service_unavailable","message":"Away for a moment."}})";
        int flagCalls = 0;
        int fabricCalls = 0;
        f.network.on("GET", u"/feature_flags"_s, [&](const RoutedNetwork::Seen&) {
            return ++flagCalls == 1 ? RoutedNetwork::Answer{503, away}
                                    : RoutedNetwork::Answer{200, flags(true, true)};
        });
        f.network.on("GET", u"/infiniband_fabrics"_s, [&](const RoutedNetwork::Seen&) {
            return ++fabricCalls == 1
                       ? RoutedNetwork::Answer{503, away}
                       : RoutedNetwork::Answer{200, Fixtures::bytes(u"infiniband_fabrics.json"_s)};
        });
        QStringList reported;
        connect(&f.context, &ViewContext::statusMessage, this,
                [&reported](const QString& message) { reported << message; });
        f.context.setPollInterval(100);
        PartitionsView view(&f.context);
        view.show();
        f.context.setClient(&f.client);
        QTRY_VERIFY(!reported.isEmpty());
        QVERIFY2(reported.first().contains(u"Away for a moment."_s), qPrintable(reported.first()));
        QTRY_VERIFY(f.context.infinibandEnabled());
        QTRY_VERIFY(!view.fabrics().isEmpty());
        QCOMPARE(flagCalls, 2);
        QVERIFY2(std::any_of(reported.cbegin(), reported.cend(),
                             [](const QString& m) { return m.startsWith(u"Loading fabrics failed"_s); }),
                 qPrintable(reported.join(u" | ")));
        QCOMPARE(fabricCalls, 2);
        // Loaded once, not asked for on every poll: three more polls of the partitions go by.
        const int partitionPolls = f.network.count("GET", u"/infiniband_partitions"_s);
        QTRY_VERIFY(f.network.count("GET", u"/infiniband_partitions"_s) >= partitionPolls + 3);
        QCOMPARE(fabricCalls, 2);
    }

    void notSelfEnrollableIsExplained()
    {
        Fixture f(false, false);
        PartitionsView view(&f.context);
        view.show();
        f.context.setClient(&f.client);
        QTRY_COMPARE(f.context.infinibandEnrolment(), ViewContext::Enrolment::NotSelfEnrollable);
        auto* text = view.findChild<QLabel*>(u"partitionsEnrolText"_s);
        QVERIFY(text->text().contains(u"not self-enrollable"_s));
        QVERIFY(text->text().contains(u"Contact SF Compute"_s));
        QVERIFY(!view.findChild<QPushButton*>(u"partitionsEnrolButton"_s)->isVisible());
        QVERIFY(!view.findChild<QWidget*>(u"partitionsContent"_s)->isVisible());
    }

    void refusedEnrolmentIsExplained()
    {
        Fixture f(false, true);
        f.network.on("POST", u"/feature_flags/infiniband-preview"_s, 403,
                     R"({"error":{"type":"forbidden","message":"Feature flag is not self-enrollable"}})");
        PartitionsView view(&f.context);
        view.show();
        f.context.setClient(&f.client);
        QTRY_COMPARE(f.context.infinibandEnrolment(), ViewContext::Enrolment::NotEnrolled);
        view.findChild<QPushButton*>(u"partitionsEnrolButton"_s)->click();
        auto* text = view.findChild<QLabel*>(u"partitionsEnrolText"_s);
        QTRY_VERIFY(text->text().contains(u"Feature flag is not self-enrollable"_s));
        QVERIFY(text->text().contains(u"Contact SF Compute"_s));
    }

    void listsAndShowsDetailsWithInstances()
    {
        Fixture f;
        PartitionsView view(&f.context);
        view.resize(1100, 760);
        view.show();
        QAbstractItemModelTester tester(view.model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        f.context.setClient(&f.client);
        QTRY_COMPARE(view.model()->rowCount(), 2);
        // This workspace only: the list names it by its ID.
        QTRY_VERIFY(f.network.count("GET", u"/infiniband_partitions"_s) >= 1);
        const QString workspaceId = f.context.workspaceReference();
        QVERIFY(workspaceId.startsWith(u"wksp_"));
        bool scoped = false;
        for (const auto& s : std::as_const(f.network.seen))
            if (s.path == u"/infiniband_partitions" && s.query.queryItemValue(u"workspace"_s) == workspaceId)
                scoped = true;
        QVERIFY(scoped);

        view.selectPartition(u"ibpart_a1B2c3D4e5F6g7H8i9J0k"_s);
        QCOMPARE(view.findChild<QLabel*>(u"partitionDetailFabric"_s)->text(), u"us-west1-a.fab1"_s);
        QCOMPARE(view.findChild<QLabel*>(u"partitionDetailZone"_s)->text(), u"us-west1 / a"_s);
        QCOMPARE(view.findChild<QLabel*>(u"partitionDetailPath"_s)->text(),
                 u"sfc:infiniband_partition:acme-corp:default:train"_s);
        QVERIFY(!view.findChild<QLabel*>(u"partitionDetailCreated"_s)->text().isEmpty());
        QTRY_VERIFY(view.instancesModel()->rowCount() > 0);
        // The same columns as the Instances view: it is the same model class.
        InstanceModel reference;
        QCOMPARE(view.instancesModel()->columnCount(), reference.columnCount());
        saveWidgetScreenshot(&view, u"partitions"_s);

        // "All workspaces" drops the workspace filter.
        const int before = static_cast<int>(f.network.seen.size());
        f.context.setAllWorkspaces(true);
        QTRY_VERIFY(f.network.seen.size() > before);
        bool unscoped = false;
        for (qsizetype i = before; i < f.network.seen.size(); ++i)
            if (f.network.seen[i].path == u"/infiniband_partitions"
                && !f.network.seen[i].query.hasQueryItem(u"workspace"_s))
                unscoped = true;
        QVERIFY(unscoped);
    }

    // A partition deleted since the list was read (by this app's delete racing a poll, or by someone
    // else): its details say so, and nothing is reported as an error over what the user just did.
    void aPartitionGoneSinceTheListSaysSoWithoutAnError()
    {
        Fixture f;
        const QString eval = u"ibpart_Zz1Yy2Xx3Ww4Vv5Uu6Tt7v"_s;
        f.network.on("GET", u"/infiniband_partitions/%1/instances"_s.arg(eval), 404,
                     R"({"error":{"type":"not_found","message":"InfiniBand partition not found."}})");
        QStringList reported;
        connect(&f.context, &ViewContext::statusMessage, this,
                [&reported](const QString& message) { reported << message; });
        PartitionsView view(&f.context);
        view.resize(1100, 760);
        view.show();
        f.context.setClient(&f.client);
        QTRY_COMPARE(view.model()->rowCount(), 2);
        view.selectPartition(eval);
        auto* placeholder = view.findChild<QLabel*>(u"partitionInstancesPlaceholder"_s);
        QVERIFY(placeholder);
        QTRY_VERIFY2(placeholder->isVisible() && placeholder->text().contains(u"no longer exists"_s),
                     qPrintable(placeholder->text()));
        saveWidgetScreenshot(&view, u"partition-gone"_s);
        QCOMPARE(f.network.count("GET", u"/infiniband_partitions/%1/instances"_s.arg(eval)), 1);
        QVERIFY2(reported.isEmpty(), qPrintable(reported.join(u" | ")));
        // Another failure still is one.
        view.selectPartition(u"ibpart_a1B2c3D4e5F6g7H8i9J0k"_s);
        QTRY_VERIFY(view.instancesModel()->rowCount() > 0);
        f.network.on("GET", u"/infiniband_partitions/%1/instances"_s.arg(eval), 400,
                     R"({"error":{"type":"invalid_request_error","message":"Broken."}})");
        view.selectPartition(eval);
        QTRY_VERIFY(!reported.isEmpty());
        QVERIFY2(reported.first().startsWith(u"Loading the partition's instances failed"_s),
                 qPrintable(reported.first()));
    }

    // The instance wizard's New Partition offers only the SKU's fabric, and keeps to it when the
    // fabrics are read again.
    void createDialogRestrictedToOneFabricKeepsToIt()
    {
        Fixture f;
        f.context.setClient(&f.client);
        QTRY_VERIFY(f.context.infinibandEnabled());
        InfinibandFabric one{u"ibfab_1"_s, u"europe-north1-a.fab1"_s, u"europe-north1"_s, u"a"_s, {}};
        InfinibandFabric two{u"ibfab_2"_s, u"us-west1-a.fab1"_s, u"us-west1"_s, u"a"_s, {}};
        InfinibandFabric three{u"ibfab_3"_s, u"us-west1-a.fab2"_s, u"us-west1"_s, u"a"_s, {}};
        CreatePartitionDialog dialog(&f.context, {one, two, three}, {});
        dialog.restrictToFabric(u"ibfab_2"_s);
        dialog.setName(u"restricted"_s);
        auto* tree = dialog.findChild<QTreeWidget*>(u"fabricTree"_s);
        auto* ok = dialog.findChild<QDialogButtonBox*>(u"buttonBox"_s)->button(QDialogButtonBox::Ok);
        QCOMPARE(tree->topLevelItemCount(), 1);
        QCOMPARE(dialog.request().fabric, u"us-west1-a.fab1"_s);
        QVERIFY(!dialog.findChild<QRadioButton*>(u"byZoneRadio"_s)->isEnabled());
        QVERIFY(dialog.findChild<QRadioButton*>(u"byFabricRadio"_s)->isChecked());
        QVERIFY(ok->isEnabled());
        dialog.setFabrics({one, two, three});
        QCOMPARE(tree->topLevelItemCount(), 1);
        QCOMPARE(dialog.request().fabric, u"us-west1-a.fab1"_s);
        QVERIFY(ok->isEnabled());
    }

    void createDialogChecksNamesAndLocation()
    {
        Fixture f;
        f.context.setClient(&f.client);
        QTRY_VERIFY(f.context.infinibandEnabled());
        InfinibandFabric one{u"ibfab_1"_s,
                             u"europe-north1-a.fab1"_s,
                             u"europe-north1"_s,
                             u"a"_s,
                             {ObjectRef{u"isku_1"_s, u"h100-ib"_s}}};
        InfinibandFabric two{u"ibfab_2"_s, u"us-west1-a.fab1"_s, u"us-west1"_s, u"a"_s, {}};
        InfinibandFabric three{u"ibfab_3"_s, u"us-west1-a.fab2"_s, u"us-west1"_s, u"a"_s, {}};
        CreatePartitionDialog dialog(&f.context, {one, two, three}, {u"training"_s});
        dialog.show();
        auto* name = dialog.findChild<QLineEdit*>(u"nameEdit"_s);
        auto* problem = dialog.findChild<QLabel*>(u"nameProblemLabel"_s);
        auto* ok = dialog.findChild<QDialogButtonBox*>(u"buttonBox"_s)->button(QDialogButtonBox::Ok);
        auto* tree = dialog.findChild<QTreeWidget*>(u"fabricTree"_s);
        QCOMPARE(tree->topLevelItemCount(), 3);
        QCOMPARE(tree->topLevelItem(0)->child(0)->text(0), u"h100-ib"_s);

        QTest::keyClicks(name, u"-bad"_s);
        QVERIFY(!ok->isEnabled());
        QVERIFY(problem->isVisible());
        name->clear();
        QTest::keyClicks(name, u"training"_s);
        QVERIFY(!ok->isEnabled());
        QVERIFY(problem->text().contains(u"already"_s));
        name->setText(u"training-2"_s);
        QVERIFY(problem->text().isEmpty());
        QVERIFY(ok->isEnabled());
        QCOMPARE(dialog.findChild<QLineEdit*>(u"commandEdit"_s)->text(),
                 u"sf infiniband-partitions create --name training-2 --fabric europe-north1-a.fab1"_s);

        // By region and zone: fine where the zone has one fabric, refused where it has two.
        dialog.findChild<QRadioButton*>(u"byZoneRadio"_s)->setChecked(true);
        auto* region = dialog.findChild<QComboBox*>(u"regionCombo"_s);
        region->setCurrentIndex(region->findText(u"europe-north1"_s));
        QVERIFY(ok->isEnabled());
        QCOMPARE(dialog.request().region, u"europe-north1"_s);
        QCOMPARE(dialog.request().availabilityZone, u"a"_s);
        region->setCurrentIndex(region->findText(u"us-west1"_s));
        QVERIFY(!ok->isEnabled());
        auto* note = dialog.findChild<QLabel*>(u"zoneNoteLabel"_s);
        QVERIFY(note->text().contains(u"us-west1-a.fab1"_s));
        QVERIFY(note->text().contains(u"us-west1-a.fab2"_s));
        saveWidgetScreenshot(&dialog, u"create-partition-ambiguous-zone"_s);
    }

    // New Partition… opened before the fabrics are read (their first read failed here): the dialog
    // says they are not known yet, and offers them once a later read brings them, keeping what the
    // user typed.
    void theCreateDialogGetsFabricsReadAfterItOpened()
    {
        Fixture f;
        ClientOptions options;
        options.maxAttempts = 1;
        f.client.setOptions(options);
        // The fabrics cannot be read until the test says so; every poll asks for them again.
        bool fabricsReadable = false;
        int fabricCalls = 0;
        const auto fabrics = awayUntil(&fabricsReadable, u"infiniband_fabrics.json"_s);
        f.network.on("GET", u"/infiniband_fabrics"_s, [&](const RoutedNetwork::Seen& seen) {
            ++fabricCalls;
            return fabrics(seen);
        });
        f.context.setPollInterval(100);
        PartitionsView view(&f.context);
        view.show();
        f.context.setClient(&f.client);
        QTRY_VERIFY(f.context.infinibandEnabled());
        QTRY_VERIFY(fabricCalls >= 1);
        view.createPartition();
        QTRY_VERIFY(view.findChild<CreatePartitionDialog*>());
        auto* dialog = view.findChild<CreatePartitionDialog*>();
        auto* ok = dialog->findChild<QDialogButtonBox*>(u"buttonBox"_s)->button(QDialogButtonBox::Ok);
        auto* tree = dialog->findChild<QTreeWidget*>(u"fabricTree"_s);
        auto* note = dialog->findChild<QLabel*>(u"zoneNoteLabel"_s);
        QTest::keyClicks(dialog->findChild<QLineEdit*>(u"nameEdit"_s), u"late-fabrics"_s);
        QCOMPARE(tree->topLevelItemCount(), 0);
        QVERIFY(!ok->isEnabled());
        QVERIFY2(note->isVisible() && note->text().contains(u"not known yet"_s), qPrintable(note->text()));
        // No sf command without a place for the partition (it would say --region '' --zone '').
        auto* command = dialog->findChild<QLineEdit*>(u"commandEdit"_s);
        QVERIFY(command->text().isEmpty());
        QVERIFY(!command->placeholderText().isEmpty());
        QVERIFY(!dialog->findChild<QPushButton*>(u"copyCommandButton"_s)->isEnabled());
        saveWidgetScreenshot(dialog, u"create-partition-fabrics-unknown"_s);

        fabricsReadable = true;
        QTRY_VERIFY_WITH_TIMEOUT(!view.fabrics().isEmpty(), 20000);
        QCOMPARE(tree->topLevelItemCount(), view.fabrics().size());
        QVERIFY(ok->isEnabled());
        QVERIFY(!note->isVisible());
        QVERIFY2(
            command->text().startsWith(u"sf infiniband-partitions create --name late-fabrics --fabric "_s),
            qPrintable(command->text()));
        QCOMPARE(dialog->request().name, u"late-fabrics"_s);
        QVERIFY(!dialog->request().fabric.isEmpty());
        dialog->reject();
    }

    // The API names the workspace by its ID: until the account's workspaces are read, Create
    // Partition waits, and the dialog says why rather than showing a dead button.
    void theCreateDialogSaysItWaitsForTheWorkspaceId()
    {
        Fixture f;
        ClientOptions options;
        options.maxAttempts = 1;
        f.client.setOptions(options);
        bool workspacesReadable = false;
        f.network.on("GET", u"/workspaces"_s, awayUntil(&workspacesReadable, u"workspaces.json"_s));
        f.context.setPollInterval(100);
        PartitionsView view(&f.context);
        view.show();
        f.context.setClient(&f.client);
        QTRY_VERIFY(f.context.infinibandEnabled());
        QTRY_VERIFY_WITH_TIMEOUT(!view.fabrics().isEmpty(), 20000);
        QVERIFY(f.context.workspaceReference().isEmpty());
        view.createPartition();
        QTRY_VERIFY(view.findChild<CreatePartitionDialog*>());
        auto* dialog = view.findChild<CreatePartitionDialog*>();
        auto* ok = dialog->findChild<QDialogButtonBox*>(u"buttonBox"_s)->button(QDialogButtonBox::Ok);
        auto* workspace = dialog->findChild<QLabel*>(u"workspaceLabel"_s);
        QTest::keyClicks(dialog->findChild<QLineEdit*>(u"nameEdit"_s), u"waiting"_s);
        QVERIFY(!ok->isEnabled());
        QVERIFY2(workspace->text().contains(u"not known yet"_s), qPrintable(workspace->text()));
        saveWidgetScreenshot(dialog, u"create-partition-workspace-unknown"_s);

        workspacesReadable = true;
        QTRY_VERIFY_WITH_TIMEOUT(!f.context.workspaceReference().isEmpty(), 20000);
        QTRY_VERIFY(ok->isEnabled());
        QCOMPARE(workspace->text(), f.context.workspace());
        dialog->reject();
    }

    void createSendsAndShowsServerRefusal()
    {
        Fixture f;
        f.network.on(
            "POST", u"/infiniband_partitions"_s, 422,
            R"({"error":{"type":"unprocessable_entity","message":"Zone has several fabrics.",)"
            R"("details":[{"code":"ambiguous_zone","field":"availability_zone","message":"us-west1-a.fab1, us-west1-a.fab2"}]}})");
        f.context.setClient(&f.client);
        QTRY_VERIFY(f.context.infinibandEnabled());
        InfinibandFabric one{u"ibfab_1"_s, u"us-west1-a.fab1"_s, u"us-west1"_s, u"a"_s, {}};
        CreatePartitionDialog dialog(&f.context, {one}, {});
        dialog.show();
        dialog.setName(u"training"_s);
        dialog.findChild<QRadioButton*>(u"byZoneRadio"_s)->setChecked(true);
        dialog.accept();
        auto* error = dialog.findChild<QLabel*>(u"errorLabel"_s);
        QTRY_VERIFY(error->isVisible());
        QVERIFY(error->text().contains(u"us-west1-a.fab2"_s));
        QVERIFY(dialog.isVisible());
        const auto body = QJsonDocument::fromJson(f.network.seen.last().body).object();
        // The workspace by its ID, as the API names workspaces.
        QCOMPARE(body.value(u"workspace"_s).toString(), u"wksp_k3R-nX9vLm7Qp2Yw5Jd8F"_s);
        QCOMPARE(body.value(u"region"_s).toString(), u"us-west1"_s);
        QCOMPARE(body.value(u"availability_zone"_s).toString(), u"a"_s);
        QVERIFY(!body.contains(u"fabric"_s));
    }

    void blockedDeleteListsEveryBlockerAndTerminates()
    {
        Fixture f;
        f.network.on(
            "DELETE", u"/infiniband_partitions/ibpart_a1B2c3D4e5F6g7H8i9J0k"_s, 409,
            R"({"error":{"type":"conflict","message":"Partition has attached instances.","details":[)"
            R"({"code":"attached_instance","field":null,"message":"inst_AAAAAAAAAAAAAAAAAAAAA is attached"},)"
            R"({"code":"unreadable_instance","field":null,"message":"2 attached instances you cannot read"},)"
            R"({"code":"pending_release","field":null,"message":"inst_BBBBBBBBBBBBBBBBBBBBB is terminated; its node has not released the partition yet"}]}})");
        f.network.on("POST", u"/instances/inst_AAAAAAAAAAAAAAAAAAAAA/terminate"_s, 200,
                     Fixtures::bytes(u"instance.json"_s));
        // The connection's instances, in the partition: worker-1 running until terminated, worker-2
        // terminated 30 s ago.
        QJsonObject worker1 = QJsonDocument::fromJson(Fixtures::bytes(u"instance.json"_s)).object();
        worker1[u"id"_s] = u"inst_AAAAAAAAAAAAAAAAAAAAA"_s;
        worker1[u"name"_s] = u"worker-1"_s;
        QJsonObject worker2 = worker1;
        worker2[u"id"_s] = u"inst_BBBBBBBBBBBBBBBBBBBBB"_s;
        worker2[u"name"_s] = u"worker-2"_s;
        worker2[u"status"_s] = u"terminated"_s;
        worker2[u"updated_at"_s] = QDateTime::currentSecsSinceEpoch() - 30;
        f.network.on("GET", u"/instances"_s, [&f, worker1, worker2](const RoutedNetwork::Seen&) {
            QJsonObject first = worker1;
            if (f.network.count("POST", u"/instances/inst_AAAAAAAAAAAAAAAAAAAAA/terminate"_s) > 0)
                first[u"status"_s] = u"terminated"_s;
            const QJsonObject list{
                {u"object"_s, u"list"_s}, {u"data"_s, QJsonArray{first, worker2}}, {u"has_more"_s, false}};
            return RoutedNetwork::Answer{200, QJsonDocument(list).toJson()};
        });
        PartitionsView view(&f.context);
        view.resize(1000, 700);
        view.show();
        f.context.setClient(&f.client);
        QTRY_COMPARE(view.model()->rowCount(), 2);
        view.selectPartition(u"ibpart_a1B2c3D4e5F6g7H8i9J0k"_s);

        view.findChild<QPushButton*>(u"partitionsDeleteButton"_s)->click();
        QVERIFY(answerConfirmation(&view, false).contains(u"\"train\""_s));
        QCOMPARE(f.network.count("DELETE", u"/infiniband_partitions/ibpart_a1B2c3D4e5F6g7H8i9J0k"_s), 0);

        view.findChild<QPushButton*>(u"partitionsDeleteButton"_s)->click();
        QVERIFY(!answerConfirmation(&view, true).isEmpty());
        DeleteBlockersDialog* dialog = nullptr;
        QTRY_VERIFY((dialog = view.findChild<DeleteBlockersDialog*>(u"deleteBlockersDialog"_s)));
        auto* tree = dialog->findChild<QTreeWidget*>(u"blockerTree"_s);
        QCOMPARE(tree->topLevelItemCount(), 3);
        QCOMPARE(dialog->blockers().at(0).kind, PartitionBlocker::Kind::Attached);
        QCOMPARE(dialog->blockers().at(1).kind, PartitionBlocker::Kind::Unreadable);
        QCOMPARE(dialog->blockers().at(1).count, 2);
        QCOMPARE(dialog->blockers().at(2).kind, PartitionBlocker::Kind::PendingRelease);
        QCOMPARE(dialog->blockers().at(2).instanceId, u"inst_BBBBBBBBBBBBBBBBBBBBB"_s);
        // Only the readable attached instance can be terminated from here.
        QVERIFY(tree->topLevelItem(0)->flags() & Qt::ItemIsUserCheckable);
        QVERIFY(!(tree->topLevelItem(1)->flags() & Qt::ItemIsUserCheckable));
        QVERIFY(!(tree->topLevelItem(2)->flags() & Qt::ItemIsUserCheckable));
        // Blockers by name and ID with their status, once the partition's instances are read.
        using C = DeleteBlockersDialog;
        QTRY_COMPARE(tree->topLevelItem(0)->text(C::InstanceColumn),
                     u"worker-1 (inst_AAAAAAAAAAAAAAAAAAAAA)"_s);
        QCOMPARE(tree->topLevelItem(0)->text(C::StatusColumn), u"Running"_s);
        QCOMPARE(tree->topLevelItem(2)->text(C::InstanceColumn), u"worker-2 (inst_BBBBBBBBBBBBBBBBBBBBB)"_s);
        // No release seen yet on this connection: how long it has been releasing.
        QVERIFY2(tree->topLevelItem(2)->text(C::StatusColumn).startsWith(u"Releasing for 0:"_s),
                 qPrintable(tree->topLevelItem(2)->text(C::StatusColumn)));
        QVERIFY(!dialog->deleteOffered());
        saveWidgetScreenshot(dialog, u"delete-partition-blockers"_s);

        // Terminating asks once, naming what it terminates; No terminates nothing.
        dialog->findChild<QPushButton*>(u"terminateButton"_s)->click();
        // The question is the dialog's own (it goes with it), window-modal, Cancel the default.
        QMessageBox* box = openConfirmation(dialog);
        QVERIFY(box);
        QCOMPARE(box->parentWidget(), static_cast<QWidget*>(dialog));
        QCOMPARE(box->windowModality(), Qt::WindowModal);
        QCOMPARE(box->defaultButton(), box->button(QMessageBox::Cancel));
        saveWidgetScreenshot(box, u"delete-partition-terminate-question"_s);
        const QString question = box->text();
        answerConfirmation(box, false);
        QVERIFY(question.contains(u"inst_AAAAAAAAAAAAAAAAAAAAA"_s));
        QVERIFY(question.contains(u"\"train\""_s));
        QCOMPARE(f.network.count("POST", u"/instances/inst_AAAAAAAAAAAAAAAAAAAAA/terminate"_s), 0);
        dialog->findChild<QPushButton*>(u"terminateButton"_s)->click();
        QVERIFY(!answerConfirmation(dialog, true).isEmpty());
        QTRY_COMPARE(f.network.count("POST", u"/instances/inst_AAAAAAAAAAAAAAAAAAAAA/terminate"_s), 1);
        QTRY_VERIFY(tree->topLevelItem(0)->text(DeleteBlockersDialog::AdviceColumn).contains(u"release"_s));
        QVERIFY(tree->topLevelItem(0)->text(C::StatusColumn).startsWith(u"Releasing"_s));
        QVERIFY(!(tree->topLevelItem(0)->flags() & Qt::ItemIsUserCheckable));
        auto* progress = dialog->findChild<QLabel*>(u"progressLabel"_s);
        QTRY_VERIFY(progress->text().contains(u"Terminated 1 instance"_s));
        // The unreadable ones are counted and explained.
        QVERIFY(tree->topLevelItem(1)->text(DeleteBlockersDialog::StatusColumn).contains(u"Not readable"_s));
        QVERIFY(tree->topLevelItem(1)->text(DeleteBlockersDialog::AdviceColumn).contains(u"Ask someone"_s));

        // Once released, deleting again succeeds and closes the dialog.
        f.network.on("DELETE", u"/infiniband_partitions/ibpart_a1B2c3D4e5F6g7H8i9J0k"_s, 204, {});
        dialog->findChild<QPushButton*>(u"retryButton"_s)->click();
        QTRY_VERIFY(!view.findChild<DeleteBlockersDialog*>(u"deleteBlockersDialog"_s));
    }

    // The blockers dialog asks nothing on its own: it reads the session's instance list, which the
    // session reads again at its interval while the dialog is open and no longer once it is gone.
    void blockersDialogReadsTheSessionsInstances()
    {
        Fixture f;
        QJsonObject worker = QJsonDocument::fromJson(Fixtures::bytes(u"instance.json"_s)).object();
        worker[u"id"_s] = u"inst_AAAAAAAAAAAAAAAAAAAAA"_s;
        worker[u"name"_s] = u"worker-1"_s;
        const QJsonObject list{
            {u"object"_s, u"list"_s}, {u"data"_s, QJsonArray{worker}}, {u"has_more"_s, false}};
        f.network.on("GET", u"/instances"_s, 200, QJsonDocument(list).toJson());
        f.context.setPollInterval(100);
        f.context.setClient(&f.client);
        Session* session = f.context.session();
        QVERIFY(!session->isWatched(Session::Resource::Instances));
        InfinibandPartition partition;
        partition.id = u"ibpart_a1B2c3D4e5F6g7H8i9J0k"_s;
        partition.name = u"train"_s;
        const ApiError refusal = ApiError::fromStatus(
            409,
            R"({"error":{"type":"conflict","message":"Partition has attached instances.","details":[)"
            R"({"code":"attached_instance","field":null,"message":"inst_AAAAAAAAAAAAAAAAAAAAA is attached"}]}})");
        auto* dialog = new DeleteBlockersDialog(&f.context, partition, refusal);
        dialog->show();
        QVERIFY(session->isWatched(Session::Resource::Instances));
        auto* tree = dialog->findChild<QTreeWidget*>(u"blockerTree"_s);
        QTRY_COMPARE(tree->topLevelItem(0)->text(DeleteBlockersDialog::InstanceColumn),
                     u"worker-1 (inst_AAAAAAAAAAAAAAAAAAAAA)"_s);
        const int reads = f.network.count("GET", u"/instances"_s);
        QTRY_VERIFY(f.network.count("GET", u"/instances"_s) >= reads + 2);
        QCOMPARE(f.network.count("GET", u"/infiniband_partitions/ibpart_a1B2c3D4e5F6g7H8i9J0k/instances"_s),
                 0);
        delete dialog;
        QVERIFY(!session->isWatched(Session::Resource::Instances));
    }

    // Whichever partition is selected, the page asks for no more than a 1280x800 screen.
    void everyPartitionSelectedFitsTheScreen()
    {
        Fixture f;
        PartitionsView view(&f.context);
        view.resize(1000, 700);
        view.show();
        f.context.setClient(&f.client);
        QTRY_COMPARE(view.model()->rowCount(), 2);
        for (const InfinibandPartition& partition : view.model()->rows()) {
            view.selectPartition(partition.id);
            QTRY_COMPARE(view.findChild<QLabel*>(u"partitionDetailId"_s)->text(), partition.id);
            QVERIFY2(view.minimumSizeHint().height() <= 800 && view.minimumSizeHint().width() <= 1280,
                     qPrintable(u"%1: %2x%3"_s.arg(partition.name)
                                    .arg(view.minimumSizeHint().width())
                                    .arg(view.minimumSizeHint().height())));
            QVERIFY(view.sizeHint().height() <= 800);
        }
    }

    // Several selected: one confirmation naming them all, one result naming the refusal and why.
    void deletingSeveralNamesThemAndReportsEach()
    {
        Fixture f;
        f.network.on(
            "DELETE", u"/infiniband_partitions/ibpart_a1B2c3D4e5F6g7H8i9J0k"_s, 409,
            R"({"error":{"type":"conflict","message":"Partition has attached instances.","details":[)"
            R"({"code":"attached_instance","field":null,"message":"inst_AAAAAAAAAAAAAAAAAAAAA is attached"}]}})");
        f.network.on("DELETE", u"/infiniband_partitions/ibpart_Zz1Yy2Xx3Ww4Vv5Uu6Tt7v"_s, 204, {});
        PartitionsView view(&f.context);
        view.resize(1000, 700);
        view.show();
        f.context.setClient(&f.client);
        QTRY_COMPARE(view.model()->rowCount(), 2);
        view.selectPartition(u"ibpart_a1B2c3D4e5F6g7H8i9J0k"_s);
        view.table()->table()->selectAll();
        QSignalSpy refreshed(&view, &PartitionsView::refreshed);
        view.findChild<QPushButton*>(u"partitionsDeleteButton"_s)->click();
        const QString question = answerConfirmation(&view, true);
        QVERIFY(question.contains(u"train"_s));
        QVERIFY(question.contains(u"eval"_s));
        QTRY_VERIFY(!view.lastResult().isEmpty());
        QCOMPARE(f.network.count("DELETE", u"/infiniband_partitions/ibpart_a1B2c3D4e5F6g7H8i9J0k"_s), 1);
        QCOMPARE(f.network.count("DELETE", u"/infiniband_partitions/ibpart_Zz1Yy2Xx3Ww4Vv5Uu6Tt7v"_s), 1);
        QVERIFY2(view.lastResult().startsWith(u"Deleted 1 of 2 partitions."_s),
                 qPrintable(view.lastResult()));
        QVERIFY(view.lastResult().contains(u"train ("_s));
        QVERIFY(!view.lastResult().contains(u"eval ("_s));
        // No blockers dialog for several: the result says to delete the refused one alone.
        QVERIFY(!view.findChild<DeleteBlockersDialog*>(u"deleteBlockersDialog"_s));
    }

    // The fabric filter narrows the list on screen; the list itself is the session's, read once.
    void fabricFilterShowsOneFabric()
    {
        Fixture f;
        PartitionsView view(&f.context);
        view.show();
        f.context.setClient(&f.client);
        auto* filter = view.findChild<QComboBox*>(u"partitionsFabricFilter"_s);
        auto* table = view.findChild<QTableView*>(u"partitionsTable"_s);
        QVERIFY(table);
        QTRY_COMPARE(filter->count(), 3);
        QTRY_COMPARE(table->model()->rowCount(), 2);
        const int requests = f.network.count("GET", u"/infiniband_partitions"_s);
        filter->setCurrentIndex(filter->findText(u"us-west1-a.fab2"_s));
        QCOMPARE(table->model()->rowCount(), 0);
        filter->setCurrentIndex(filter->findText(u"us-west1-a.fab1"_s));
        QCOMPARE(table->model()->rowCount(), 2);
        filter->setCurrentIndex(0);
        QCOMPARE(table->model()->rowCount(), 2);
        QCOMPARE(f.network.count("GET", u"/infiniband_partitions"_s), requests);
    }
};

QTEST_MAIN(TestPartitionsView)
#include "tst_partitionsview.moc"
