// SPDX-License-Identifier: Apache-2.0

// Signing in, switching profiles and signing out, as a user does it through File > Connections:
// against the real sfsim over HTTP, with the embedded simulator as the local profile, and tokens
// in a real Secret Service (ctest runs this on a private session bus with gnome-keyring).
#include "../gui/appservices.h"
#include "../gui/confirmations.h"
#include "../gui/widgetscreenshot.h"
#include "core/api/apiclient.h"
#include "core/api/orderattempts.h"
#include "core/connection/connection.h"
#include "core/market/apimarketbackend.h"
#include "core/models/session.h"
#include "core/settings/keychainsecretstore.h"
#include "core/settings/settings.h"
#include "embeddedsimulator.h"
#include "gui/application/application.h"
#include "gui/common/resourcetableview.h"
#include "gui/common/viewcontext.h"
#include "gui/mainwindow/mainwindow.h"
#include "gui/settings/connectionsdialog.h"
#include "gui/settings/signindialog.h"
#include "support/apiwait.h"
#include "support/simprocess.h"
#include "support/testenv.h"

#include <QAbstractItemModel>
#include <QAction>
#include <QDateTime>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMessageBox>
#include <QNetworkAccessManager>
#include <QPointer>
#include <QProcess>
#include <QPushButton>
#include <QSet>
#include <QSettings>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QUuid>

using namespace Qt::StringLiterals;
using namespace sfdesk;

namespace {

SecretResult waitFor(SecretStore& store, const QString& key)
{
    SecretResult result;
    bool done = false;
    QObject context;
    store.read(key, &context, [&](const SecretResult& r) {
        result = r;
        done = true;
    });
    if (!QTest::qWaitFor([&] { return done; }, 20000))
        qWarning("no answer within 20 s");
    return result;
}

// The names in the Pools table, as a user reads them.
QStringList poolNames(MainWindow* window)
{
    QStringList names;
    auto* table = window->findChild<QTableView*>(u"poolsTable"_s);
    if (!table)
        return names;
    for (int row = 0; row < table->model()->rowCount(); ++row)
        names << table->model()->index(row, 0).data().toString();
    return names;
}

// The app as main() makes it, with settings in a file of the test's and tokens in the keychain
// under a service name of the test's: two of these with the same names are two runs of the app.
struct AppRun
{
    AppRun(const QString& settingsFile, const QString& service, const QString& localDir)
        : settings(settingsFile)
        , secrets(service)
    {
        Application::Services services =
            appServices(&settings, &secrets, &network, EmbeddedSimulator::factory(localDir));
        // An SF Compute key in the environment, which no server of these tests may get.
        services.environment.insert(u"SF_API_KEY"_s, u"sk_live_environment_only_for_sf_compute"_s);
        app = std::make_unique<Application>(services);
        app->window()->resize(1200, 800);
        app->window()->show();
    }
    ~AppRun() { app.reset(); }
    Q_DISABLE_COPY_MOVE(AppRun)

    Settings settings;
    QNetworkAccessManager network;
    KeychainSecretStore secrets;
    std::unique_ptr<Application> app;
};

// The row of the Connections list whose text starts so, or -1.
int rowOf(const QListWidget* list, const QString& prefix)
{
    for (int row = 0; row < list->count(); ++row)
        if (list->item(row)->text().startsWith(prefix))
            return row;
    return -1;
}

QString newService()
{
    return u"sfdesk-test-"_s + QUuid::createUuid().toString(QUuid::WithoutBraces);
}

} // namespace

class TestConnections final : public QObject
{
    Q_OBJECT

private:
    // Waits for the sign-in dialog the connection asks for, and signs in there with a token.
    QPointer<SignInDialog> signInThroughTheDialog(Application& app, const QString& token)
    {
        QPointer<SignInDialog> dialog;
        [&] { QTRY_VERIFY_WITH_TIMEOUT((dialog = app.window()->findChild<SignInDialog*>()), 20000); }();
        if (!dialog)
            return dialog;
        [&] { QTRY_VERIFY(dialog->isVisible()); }();
        dialog->findChild<QLineEdit*>(u"tokenField"_s)->setText(token);
        dialog->findChild<QPushButton*>(u"signInButton"_s)->click();
        return dialog;
    }

    QString m_mode = qEnvironmentVariable("SFDESK_KEYCHAIN_MODE");

private Q_SLOTS:
    void initTestCase()
    {
        TestEnv::init();
        QVERIFY2(m_sim.start(), qPrintable(m_sim.errorOutput()));
    }

    // sfdesk --server, twice: the second run (with the address spelt differently) finds the token
    // the first kept and the orders it did not know the outcome of; the server is listed in
    // Connections, and removing it removes its token.
    void serverRestartFindsTheSameTokenAndAttemptsFile()
    {
        if (!m_mode.isEmpty())
            QSKIP("runs with an unlocked keyring");
        QTemporaryDir dir;
        const QString settingsFile = dir.filePath(u"s.ini"_s);
        const QString service = newService();
        const QString token = m_sim.token(u"globex-owner"_s);
        QString attemptsFile;
        QString profileId;
        OrderRequest lost;
        lost.pool = u"pool_whose_order_answer_was_lost"_s;
        lost.sku = u"h100"_s;
        lost.startAt = (QDateTime::currentSecsSinceEpoch() / 3600 + 48) * 3600;
        lost.endAt = lost.startAt + 3600;
        lost.nodeCount = 1;
        lost.limitPrice = u"1.000000"_s;
        {
            AppRun first(settingsFile, service, dir.filePath(u"local"_s));
            first.app->startWithServer(m_sim.baseUrl());
            QTRY_COMPARE_WITH_TIMEOUT(first.app->connection()->state(), Connection::State::SignedOut, 20000);
            QVERIFY(first.app->profile().isForServerOption());
            profileId = first.app->profile().id;
            QPointer<SignInDialog> signIn = signInThroughTheDialog(*first.app, token);
            QVERIFY(signIn);
            QTRY_COMPARE_WITH_TIMEOUT(first.app->connection()->state(), Connection::State::Ready, 20000);
            QCOMPARE(first.app->connection()->tokenSource(), u"keychain"_s);
            attemptsFile = first.app->market()->attempts().file();
            QVERIFY2(attemptsFile.contains(QString::fromLatin1(QUrl::toPercentEncoding(profileId))),
                     qPrintable(attemptsFile));
            first.app->market()->attempts().finished(
                lost, ApiClient::newIdempotencyKey(),
                ApiError::transport(TransportError::RemoteHostClosed, u"the answer was lost"_s));
            QCOMPARE(first.app->market()->attempts().unknownCount(), 1);
        }
        AppRun second(settingsFile, service, dir.filePath(u"local"_s));
        second.app->startWithServer(QUrl(m_sim.baseUrl().toString() + u"/preview/v2/"_s));
        QTRY_COMPARE_WITH_TIMEOUT(second.app->connection()->state(), Connection::State::Ready, 20000);
        QCOMPARE(second.app->profile().id, profileId);
        QCOMPARE(second.app->connection()->tokenSource(), u"keychain"_s);
        QVERIFY(!second.app->window()->findChild<SignInDialog*>());
        QCOMPARE(second.app->market()->attempts().file(), attemptsFile);
        QCOMPARE(second.app->market()->attempts().unknownCount(), 1);
        QVERIFY(second.app->market()->attempts().isOutcomeUnknown(lost));

        // Listed in Connections, and removable once another connection is current.
        second.app->window()->findChild<QAction*>(u"actionConnections"_s)->trigger();
        auto* dialog = second.app->window()->findChild<ConnectionsDialog*>();
        QVERIFY(dialog);
        auto* list = dialog->findChild<QListWidget*>(u"connectionsList"_s);
        const QString name = second.app->profile().name;
        QVERIFY(rowOf(list, name) >= 0);
        list->setCurrentRow(rowOf(list, u"Local simulator"_s));
        dialog->findChild<QPushButton*>(u"connectButton"_s)->click();
        QTRY_COMPARE_WITH_TIMEOUT(second.app->connection()->state(), Connection::State::Ready, 30000);
        list->setCurrentRow(rowOf(list, name));
        auto* details = dialog->findChild<QLabel*>(u"connectionDetails"_s);
        QVERIFY2(details->text().contains(u"--server"), qPrintable(details->text()));
        saveWidgetScreenshot(dialog, u"connections-server-option"_s);
        auto* remove = dialog->findChild<QPushButton*>(u"removeConnectionButton"_s);
        QVERIFY(remove->isEnabled());
        remove->click();
        QVERIFY(!answerConfirmation(dialog, true).isEmpty());
        auto* notice = dialog->findChild<QLabel*>(u"connectionsNotice"_s);
        QTRY_VERIFY_WITH_TIMEOUT(notice->isVisible() && notice->text().contains(u"its token were removed"),
                                 20000);
        QCOMPARE(rowOf(list, name), -1);
        KeychainSecretStore fresh(service);
        QCOMPARE(waitFor(fresh, u"profile/"_s + profileId).status, SecretResult::Status::NotFound);
        dialog->close();
    }

    // No default keyring on a desktop that can prompt for one: the sign-in says it waits for the
    // keyring (not for the server), does not close as if the token were kept, and lets the user
    // go on for this run only.
    void signInWaitsForTheKeyring()
    {
        if (m_mode != u"keyring-prompt")
            QSKIP("needs xvfb-run with-secret-service.sh --no-default-keyring");
        QTemporaryDir dir;
        AppRun run(dir.filePath(u"s.ini"_s), newService(), dir.filePath(u"local"_s));
        Application& app = *run.app;
        app.startWithServer(m_sim.baseUrl());
        QPointer<SignInDialog> signIn = signInThroughTheDialog(app, m_sim.token(u"globex-owner"_s));
        QVERIFY(signIn);
        auto* status = signIn->findChild<QLabel*>(u"signInStatus"_s);
        QTRY_VERIFY_WITH_TIMEOUT(status->text().contains(u"Waiting for the system keychain"), 20000);
        QVERIFY(status->text().contains(u"keyring"));
        auto* thisRunOnly = signIn->findChild<QPushButton*>(u"thisRunOnlyButton"_s);
        QVERIFY(thisRunOnly->isVisible() && thisRunOnly->isEnabled());
        QVERIFY(!signIn->findChild<QPushButton*>(u"tryKeychainAgainButton"_s)->isVisible());
        QVERIFY(!signIn->findChild<QPushButton*>(u"signInButton"_s)->isEnabled());
        saveWidgetScreenshot(signIn, u"sign-in-waiting-for-keyring"_s);
        // Waiting for the keyring is not signed in.
        QCOMPARE(app.connection()->state(), Connection::State::Checking);
        QVERIFY(signIn->isVisible());

        thisRunOnly->click();
        QTRY_COMPARE_WITH_TIMEOUT(app.connection()->state(), Connection::State::Ready, 20000);
        QTRY_VERIFY(!signIn || !signIn->isVisible());
        QCOMPARE(app.connection()->tokenSource(), u"memory"_s);
        QVERIFY2(app.connection()->problem().contains(u"for this run only"),
                 qPrintable(app.connection()->problem()));
        app.showConnections();
        auto* dialog = app.window()->findChild<ConnectionsDialog*>();
        QVERIFY(dialog);
        QTRY_VERIFY(
            dialog->findChild<QLabel*>(u"connectionDetails"_s)->text().contains(u"for this run only"));
        saveWidgetScreenshot(dialog, u"connections-kept-for-this-run"_s);
        dialog->close();
    }

    // No default keyring and no way to prompt for one: the keychain fails, and the dialog says so
    // in sentences, stays open and signs nobody in until the user chooses.
    void keychainErrorIsSaidInTheDialog()
    {
        if (m_mode != u"no-default-keyring")
            QSKIP("needs with-secret-service.sh --no-default-keyring without a display");
        QTemporaryDir dir;
        const QString service = newService();
        AppRun run(dir.filePath(u"s.ini"_s), service, dir.filePath(u"local"_s));
        Application& app = *run.app;
        app.startWithServer(m_sim.baseUrl());
        const QString token = m_sim.token(u"globex-owner"_s);
        QPointer<SignInDialog> signIn = signInThroughTheDialog(app, token);
        QVERIFY(signIn);
        auto* status = signIn->findChild<QLabel*>(u"signInStatus"_s);
        QTRY_VERIFY_WITH_TIMEOUT(status->text().contains(u"did not keep it"), 20000);
        QVERIFY2(status->text().contains(u"no default keyring"), qPrintable(status->text()));
        auto* tryAgain = signIn->findChild<QPushButton*>(u"tryKeychainAgainButton"_s);
        auto* thisRunOnly = signIn->findChild<QPushButton*>(u"thisRunOnlyButton"_s);
        QVERIFY(tryAgain->isVisible() && thisRunOnly->isVisible());
        saveWidgetScreenshot(signIn, u"sign-in-keychain-error"_s);
        QVERIFY(signIn->isVisible());
        QCOMPARE(app.connection()->state(), Connection::State::Checking);
        QVERIFY(app.connection()->account().accountId.isEmpty());

        // Try Again asks the keychain again (and it fails again, the same way).
        QSignalSpy keeping(app.connection(), &Connection::keepingToken);
        tryAgain->click();
        QCOMPARE(keeping.size(), 1);
        QTRY_VERIFY_WITH_TIMEOUT(status->text().contains(u"did not keep it"), 20000);

        // Cancel: signed out, and nothing kept anywhere.
        signIn->findChild<QPushButton*>(u"signInCancelButton"_s)->click();
        QTRY_COMPARE(app.connection()->state(), Connection::State::SignedOut);
        QVERIFY(!app.connection()->client()->hasToken());
        const QString key = app.profile().secretKey();
        QCOMPARE(waitFor(run.secrets, key).status, SecretResult::Status::NotFound);

        // Again, and this time for this run only.
        app.showSignIn();
        signIn = signInThroughTheDialog(app, token);
        QVERIFY(signIn);
        status = signIn->findChild<QLabel*>(u"signInStatus"_s);
        QTRY_VERIFY_WITH_TIMEOUT(status->text().contains(u"did not keep it"), 20000);
        signIn->findChild<QPushButton*>(u"thisRunOnlyButton"_s)->click();
        QTRY_COMPARE_WITH_TIMEOUT(app.connection()->state(), Connection::State::Ready, 20000);
        QCOMPARE(app.connection()->tokenSource(), u"memory"_s);
        QVERIFY(app.connection()->problem().contains(u"for this run only"));
        // Another run would not find it.
        KeychainSecretStore other(service);
        QCOMPARE(waitFor(other, key).status, SecretResult::Status::NotFound);
    }

    // Sign Out while the keyring is locked (and nothing can unlock it): the keychain would say
    // the token is gone while it stays; the app says it is still there, and the next run, unable
    // to read it, says why when it asks for a token.
    void signOutFromALockedKeyringIsSaid()
    {
        if (m_mode != u"locked")
            QSKIP("needs with-secret-service.sh without a display");
        QTemporaryDir dir;
        const QString service = newService();
        {
            AppRun run(dir.filePath(u"s.ini"_s), service, dir.filePath(u"local"_s));
            Application& app = *run.app;
            app.startWithServer(m_sim.baseUrl());
            QPointer<SignInDialog> signIn = signInThroughTheDialog(app, m_sim.token(u"globex-owner"_s));
            QVERIFY(signIn);
            QTRY_COMPARE_WITH_TIMEOUT(app.connection()->state(), Connection::State::Ready, 20000);
            QCOMPARE(app.connection()->tokenSource(), u"keychain"_s);

            QProcess lock;
            lock.start(u"secret-tool"_s, {u"lock"_s, u"--collection=login"_s});
            QVERIFY(lock.waitForFinished(20000));
            QCOMPARE(lock.exitCode(), 0);

            app.showConnections();
            auto* dialog = app.window()->findChild<ConnectionsDialog*>();
            QVERIFY(dialog);
            auto* signOut = dialog->findChild<QPushButton*>(u"signOutButton"_s);
            QTRY_VERIFY(signOut->isEnabled());
            signOut->click();
            auto* details = dialog->findChild<QLabel*>(u"connectionDetails"_s);
            QTRY_VERIFY_WITH_TIMEOUT(details->text().contains(u"may still be in the system keychain"), 20000);
            QVERIFY2(details->text().contains(u"locked keyring"), qPrintable(details->text()));
            saveWidgetScreenshot(dialog, u"connections-sign-out-locked-keyring"_s);
            // Sign Out stays at hand, to try again once the keyring is unlocked.
            QVERIFY(signOut->isEnabled());

            // Nor does Remove Connection drop a connection whose token stays behind: it says so and
            // keeps the entry, to be removed again later.
            auto* list = dialog->findChild<QListWidget*>(u"connectionsList"_s);
            const QString name = app.profile().name;
            list->setCurrentRow(rowOf(list, u"Local simulator"_s));
            dialog->findChild<QPushButton*>(u"connectButton"_s)->click();
            QTRY_COMPARE_WITH_TIMEOUT(app.connection()->state(), Connection::State::Ready, 30000);
            list->setCurrentRow(rowOf(list, name));
            dialog->findChild<QPushButton*>(u"removeConnectionButton"_s)->click();
            QVERIFY(!answerConfirmation(dialog, true).isEmpty());
            auto* notice = dialog->findChild<QLabel*>(u"connectionsNotice"_s);
            QTRY_VERIFY_WITH_TIMEOUT(notice->isVisible(), 20000);
            QVERIFY2(notice->text().contains(u"was not removed")
                         && notice->text().contains(u"locked keyring"),
                     qPrintable(notice->text()));
            QVERIFY(rowOf(list, name) >= 0);
            saveWidgetScreenshot(dialog, u"connections-remove-locked-keyring"_s);
            dialog->close();
        }
        AppRun next(dir.filePath(u"s.ini"_s), service, dir.filePath(u"local"_s));
        next.app->startWithServer(m_sim.baseUrl());
        QPointer<SignInDialog> signIn;
        QTRY_VERIFY_WITH_TIMEOUT((signIn = next.app->window()->findChild<SignInDialog*>()), 20000);
        auto* status = signIn->findChild<QLabel*>(u"signInStatus"_s);
        QVERIFY2(status->text().contains(u"could not be read") && status->text().contains(u"locked keyring"),
                 qPrintable(status->text()));
    }

    // No keychain on the desktop at all: the dialog says up front that the token is kept for this
    // run only, and Sign Out says it could not check the keychain.
    void noKeychainAtAll()
    {
        if (m_mode != u"no-secret-service")
            QSKIP("needs with-secret-service.sh --no-secret-service");
        QTemporaryDir dir;
        AppRun run(dir.filePath(u"s.ini"_s), newService(), dir.filePath(u"local"_s));
        Application& app = *run.app;
        app.startWithServer(m_sim.baseUrl());
        QPointer<SignInDialog> signIn;
        QTRY_VERIFY_WITH_TIMEOUT((signIn = app.window()->findChild<SignInDialog*>()), 20000);
        auto* intro = signIn->findChild<QLabel*>(u"signInIntro"_s);
        QVERIFY2(intro->text().contains(u"no system keychain")
                     && intro->text().contains(u"for this run only"),
                 qPrintable(intro->text()));
        saveWidgetScreenshot(signIn, u"sign-in-no-keychain"_s);
        signIn = signInThroughTheDialog(app, m_sim.token(u"globex-owner"_s));
        QTRY_COMPARE_WITH_TIMEOUT(app.connection()->state(), Connection::State::Ready, 20000);
        QTRY_VERIFY(!signIn || !signIn->isVisible());
        QCOMPARE(app.connection()->tokenSource(), u"memory"_s);
        QVERIFY2(app.connection()->problem().contains(u"No system keychain"),
                 qPrintable(app.connection()->problem()));

        app.signOut();
        QTRY_VERIFY_WITH_TIMEOUT(app.connection()->problem().contains(u"No system keychain could be reached"),
                                 20000);
        QCOMPARE(app.connection()->state(), Connection::State::SignedOut);
    }

    void signInSwitchAndSignOut()
    {
        QTemporaryDir dir;
        Settings settings(dir.filePath(u"s.ini"_s));
        QNetworkAccessManager network;
        // A service name of this run's own, so that no entry of an earlier run answers.
        KeychainSecretStore secrets(u"sfdesk-test-"_s + QUuid::createUuid().toString(QUuid::WithoutBraces));
        Application::Services services =
            appServices(&settings, &secrets, &network, EmbeddedSimulator::factory(dir.filePath(u"local"_s)));
        // An SF Compute key in the environment is never sent to a custom server.
        services.environment.insert(u"SF_API_KEY"_s, m_sim.token(u"acme-owner"_s));
        Application app(services);
        MainWindow* window = app.window();
        window->resize(1200, 800);
        window->show();
        app.setCurrentSection(u"pools"_s);

        // First start: the local simulator, signed in as its owner, by itself.
        app.start();
        QTRY_COMPARE_WITH_TIMEOUT(app.connection()->state(), Connection::State::Ready, 30000);
        QCOMPARE(app.profile().kind, ConnectionProfile::Kind::LocalSimulator);
        const QString localAccount = app.connection()->account().accountId;
        QVERIFY(!localAccount.isEmpty());
        QVERIFY2(window->windowTitle().contains(u"Local simulator"), qPrintable(window->windowTitle()));
        QVERIFY2(window->windowTitle().contains(localAccount), qPrintable(window->windowTitle()));
        auto* connectionLabel = window->findChild<QLabel*>(u"connectionLabel"_s);
        QVERIFY(connectionLabel->text().contains(localAccount));
        // Something only this account has: a pool made through the app's own client.
        // The pool goes into the chosen workspace, named by its ID once the workspaces are known.
        QTRY_VERIFY_WITH_TIMEOUT(!app.context()->workspaceReference().isEmpty(), 20000);
        QVERIFY(waitForResult<Pool>(
            app.connection()->client()->createPool(app.context()->workspaceReference(), u"local-only"_s)));
        QTRY_VERIFY_WITH_TIMEOUT(poolNames(window).contains(u"local-only"_s), 10000);

        // File > Connections…: add the other server and connect to it.
        window->findChild<QAction*>(u"actionConnections"_s)->trigger();
        auto* dialog = window->findChild<ConnectionsDialog*>();
        QVERIFY(dialog);
        QTRY_VERIFY(dialog->isVisible());
        auto* list = dialog->findChild<QListWidget*>(u"connectionsList"_s);
        QCOMPARE(list->count(), 2); // the local simulator and SF Compute
        dialog->findChild<QLineEdit*>(u"customNameField"_s)->setText(u"Staging"_s);
        dialog->findChild<QLineEdit*>(u"customUrlField"_s)->setText(m_sim.baseUrl().toString());
        dialog->findChild<QPushButton*>(u"addConnectionButton"_s)->click();
        QCOMPARE(list->count(), 3);
        QVERIFY(list->currentItem()->text().startsWith(u"Staging"));
        dialog->findChild<QPushButton*>(u"connectButton"_s)->click();

        // No token for it yet (the environment's is not for this host): nothing of the old
        // account shows, and the app asks for a token.
        QTRY_COMPARE_WITH_TIMEOUT(app.connection()->state(), Connection::State::SignedOut, 10000);
        QCOMPARE(app.profile().name, u"Staging"_s);
        QVERIFY(!poolNames(window).contains(u"local-only"_s));
        QTRY_VERIFY(window->findChild<SignInDialog*>());
        // It closes itself once signed in, and goes.
        QPointer<SignInDialog> signIn = window->findChild<SignInDialog*>();
        QTRY_VERIFY(signIn->isVisible());
        auto* tokenField = signIn->findChild<QLineEdit*>(u"tokenField"_s);
        auto* status = signIn->findChild<QLabel*>(u"signInStatus"_s);
        QCOMPARE(tokenField->echoMode(), QLineEdit::Password);

        // A bad token: refused, said so, nothing stored.
        tokenField->setText(u"sk_live_not_a_real_token"_s);
        signIn->findChild<QPushButton*>(u"signInButton"_s)->click();
        QTRY_VERIFY_WITH_TIMEOUT(status->text().contains(u"did not accept"), 10000);
        saveWidgetScreenshot(signIn, u"sign-in-refused"_s);
        saveWidgetScreenshot(dialog, u"connections-signed-out"_s);
        QVERIFY(signIn->isVisible());
        QCOMPARE(app.connection()->state(), Connection::State::SignedOut);
        const QString key = app.profile().secretKey();
        QCOMPARE(waitFor(secrets, key).status, SecretResult::Status::NotFound);

        // The right token: checked, kept in the keychain, the account shown.
        const QString globex = m_sim.token(u"globex-owner"_s);
        tokenField->setText(globex);
        signIn->findChild<QPushButton*>(u"signInButton"_s)->click();
        QTRY_COMPARE_WITH_TIMEOUT(app.connection()->state(), Connection::State::Ready, 10000);
        QTRY_VERIFY(!signIn || !signIn->isVisible());
        const SecretResult stored = waitFor(secrets, key);
        QCOMPARE(stored.status, SecretResult::Status::Ok);
        QCOMPARE(stored.secret, globex);
        const QString globexAccount = app.connection()->account().accountId;
        QVERIFY(!globexAccount.isEmpty());
        QVERIFY(globexAccount != localAccount);
        QVERIFY2(window->windowTitle().contains(u"Staging") && window->windowTitle().contains(globexAccount),
                 qPrintable(window->windowTitle()));
        saveWidgetScreenshot(dialog, u"connections-signed-in"_s);
        saveWidgetScreenshot(window, u"window-signed-in-staging"_s);
        QTRY_VERIFY_WITH_TIMEOUT(window->findChild<ResourceTableView*>(u"poolsView"_s) == nullptr
                                     || window->findChild<ResourceTableView*>(u"poolsView"_s)->loadState()
                                            == ResourceTableView::LoadState::Loaded,
                                 10000);
        QVERIFY(!poolNames(window).contains(u"local-only"_s));

        // Back to the local simulator: its data again, and nothing asked.
        list->setCurrentRow(0);
        QVERIFY(list->currentItem()->text().startsWith(u"Local simulator"));
        dialog->findChild<QPushButton*>(u"connectButton"_s)->click();
        QTRY_COMPARE_WITH_TIMEOUT(app.connection()->state(), Connection::State::Ready, 30000);
        QCOMPARE(app.connection()->account().accountId, localAccount);
        QTRY_VERIFY_WITH_TIMEOUT(poolNames(window).contains(u"local-only"_s), 10000);
        QVERIFY(window->windowTitle().contains(u"Local simulator"));

        // And to Staging again: the keychain's token signs in without a question.
        for (int row = 0; row < list->count(); ++row)
            if (list->item(row)->text().startsWith(u"Staging"))
                list->setCurrentRow(row);
        dialog->findChild<QPushButton*>(u"connectButton"_s)->click();
        QTRY_COMPARE_WITH_TIMEOUT(app.connection()->state(), Connection::State::Ready, 10000);
        QCOMPARE(app.connection()->account().accountId, globexAccount);
        QCOMPARE(app.connection()->tokenSource(), secrets.isPersistent() ? u"keychain"_s : u"memory"_s);

        // Sign out: the keychain entry is gone, the views show nothing of the account.
        auto* signOut = dialog->findChild<QPushButton*>(u"signOutButton"_s);
        QTRY_VERIFY(signOut->isEnabled());
        signOut->click();
        QCOMPARE(app.connection()->state(), Connection::State::SignedOut);
        QTRY_COMPARE_WITH_TIMEOUT(waitFor(secrets, key).status, SecretResult::Status::NotFound, 10000);
        QVERIFY(!app.context()->session()->canSend());
        QVERIFY(!window->windowTitle().contains(globexAccount));
        QVERIFY(window->findChild<QLabel*>(u"connectionLabel"_s)->text().contains(u"not signed in"));
        dialog->close();
    }

    // The SF Compute profile takes the sf CLI's environment token (and checks it like any other).
    // Connections > Reset Simulator…: the local simulator starts again empty, then as the demo
    // world; the views follow with no restart, and nothing asks for a token.
    void theLocalSimulatorResetsToEmptyAndToTheDemo()
    {
        QTemporaryDir dir;
        Settings settings(dir.filePath(u"s.ini"_s));
        QNetworkAccessManager network;
        KeychainSecretStore secrets(u"sfdesk-test-"_s + QUuid::createUuid().toString(QUuid::WithoutBraces));
        Application app(
            appServices(&settings, &secrets, &network, EmbeddedSimulator::factory(dir.filePath(u"local"_s))));
        MainWindow* window = app.window();
        window->resize(1200, 800);
        window->show();
        app.setCurrentSection(u"pools"_s);
        app.start();
        QTRY_COMPARE_WITH_TIMEOUT(app.connection()->state(), Connection::State::Ready, 30000);
        // A first start shows every workspace: the demo world's pool is in view.
        QVERIFY(app.context()->allWorkspaces());
        QTRY_VERIFY_WITH_TIMEOUT(poolNames(window).contains(u"training-cluster"_s), 20000);

        window->findChild<QAction*>(u"actionConnections"_s)->trigger();
        auto* dialog = window->findChild<ConnectionsDialog*>();
        QVERIFY(dialog);
        auto* reset = dialog->findChild<QPushButton*>(u"resetSimulatorButton"_s);
        QVERIFY(reset);
        QTRY_VERIFY(reset->isVisible() && reset->isEnabled());
        saveWidgetScreenshot(dialog, u"connections-local-reset"_s);
        const auto resetTo = [&](const QString& button) {
            QSignalSpy done(app.connection(), &Connection::worldReset);
            reset->click();
            QMessageBox* box = nullptr;
            QTRY_VERIFY((box = dialog->findChild<QMessageBox*>(u"resetSimulatorBox"_s)));
            box->findChild<QPushButton*>(button)->click();
            QTRY_COMPARE_WITH_TIMEOUT(done.size(), 1, 30000);
        };
        resetTo(u"resetToEmptyButton"_s);
        QTRY_VERIFY_WITH_TIMEOUT(poolNames(window).isEmpty(), 20000);
        QCOMPARE(app.connection()->state(), Connection::State::Ready);
        resetTo(u"resetToDemoButton"_s);
        QTRY_VERIFY_WITH_TIMEOUT(poolNames(window).contains(u"training-cluster"_s), 20000);
        QCOMPARE(app.connection()->state(), Connection::State::Ready);
        // No sign-in prompt came up: the app took the new world's token by itself.
        QVERIFY(!window->findChild<SignInDialog*>());
        dialog->close();
    }

    // The environment's SF Compute key goes to SF Compute's own address only: not to a custom
    // server, nor to a profile that calls itself SF Compute (kind=sfcompute, as an edited settings
    // file can say) at another address. The app, reading that settings file, asks for a token
    // instead and the server never sees the key.
    void environmentTokenOnlyForSfCompute()
    {
        if (!m_mode.isEmpty())
            QSKIP("runs with an unlocked keyring");
        QTemporaryDir dir;
        Settings settings(dir.filePath(u"s.ini"_s));
        QNetworkAccessManager network;
        MemorySecretStore secrets;
        QProcessEnvironment environment;
        environment.insert(u"SF_API_KEY"_s, m_sim.token(u"acme-owner"_s));
        ConnectionProfile custom = ConnectionProfile::custom(u"Custom"_s, m_sim.baseUrl());
        Connection connection(custom, &secrets, &network, {}, environment);
        connection.open();
        QTRY_COMPARE(connection.state(), Connection::State::SignedOut);
        QVERIFY(!connection.client()->hasToken());

        // A planted entry: id and kind of SF Compute, the address of another server.
        {
            QSettings raw(dir.filePath(u"s.ini"_s), QSettings::IniFormat);
            raw.beginWriteArray(u"Connections/Profiles"_s, 1);
            raw.setArrayIndex(0);
            raw.setValue(u"id"_s, u"sfcompute"_s);
            raw.setValue(u"name"_s, u"SF Compute"_s);
            raw.setValue(u"kind"_s, u"sfcompute"_s);
            raw.setValue(u"url"_s, m_sim.baseUrl().toString());
            raw.endArray();
            raw.setValue(u"Connections/Current"_s, u"sfcompute"_s);
        }
        Settings planted(dir.filePath(u"s.ini"_s));
        KeychainSecretStore keychain(newService());
        Application::Services services = appServices(&planted, &keychain, &network);
        services.environment = environment;
        Application app(services);
        app.start();
        QCOMPARE(app.profile().kind, ConnectionProfile::Kind::SfCompute);
        QCOMPARE(app.profile().url, m_sim.baseUrl());
        QTRY_COMPARE_WITH_TIMEOUT(app.connection()->state(), Connection::State::SignedOut, 20000);
        QVERIFY(!app.connection()->client()->hasToken());
        QVERIFY(app.connection()->tokenSource().isEmpty());
        QTRY_VERIFY(app.window()->findChild<SignInDialog*>());
    }

    // A token whose grants are per workspace cannot list the account's orders: the planner and the
    // orders page list them in the workspaces it can read instead of failing for good.
    void scopedTokenListsOrdersInItsWorkspace()
    {
        QNetworkAccessManager network;
        ApiClient owner(m_sim.baseUrl(), &network);
        owner.setToken(m_sim.token(u"acme-owner"_s));
        const auto workspaces = waitForResult<QList<Workspace>>(owner.workspaces());
        QVERIFY(workspaces);
        QString research;
        for (const Workspace& w : *workspaces)
            if (w.name == u"research")
                research = w.id;
        QVERIFY(!research.isEmpty());
        const auto pool = waitForResult<Pool>(owner.createPool(research, u"scoped-planning"_s));
        QVERIFY(pool);
        const auto skus = waitForResult<QList<InstanceSku>>(owner.instanceSkus());
        QVERIFY(skus && !skus->isEmpty());
        OrderRequest request;
        request.pool = pool->id;
        request.sku = skus->first().id;
        const qint64 hour = 3600;
        request.startAt = (QDateTime::currentSecsSinceEpoch() / hour + 24) * hour;
        request.endAt = request.startAt + 2 * hour;
        request.nodeCount = 1;
        request.limitPrice = u"0.010000"_s; // far below the market: it rests
        request.allowStanding = true;
        const auto order = waitForResult<Order>(owner.createOrder(request));
        QVERIFY(order);

        ApiClient writer(m_sim.baseUrl(), &network);
        writer.setToken(m_sim.token(u"acme-research-writer"_s));
        ApiMarketBackend market(&writer);
        QStringList failures;
        connect(&market, &MarketBackend::refreshFailed, this,
                [&failures](const QString& m) { failures << m; });
        market.watch();
        const auto listed = [&] {
            const QList<Order> orders = market.orders();
            return std::any_of(orders.cbegin(), orders.cend(),
                               [&](const Order& o) { return o.id == order->id; });
        };
        QTRY_VERIFY_WITH_TIMEOUT(listed(), 20000);
        QVERIFY(market.pool(pool->id).has_value());
        // The one refusal (the account-wide list) is not left standing: the next refresh lists
        // per workspace from the start.
        failures.clear();
        // The refresh is over once the market's lists are read again and no call it made (the
        // server's clock, a fallback to per-workspace lists) is still on its way.
        QObject refreshCalls;
        int callsInFlight = 0;
        connect(&writer, &ApiClient::callStarted, &refreshCalls, [&](ApiCall* call) {
            ++callsInFlight;
            connect(call, &ApiCall::finished, &refreshCalls, [&callsInFlight] { --callsInFlight; });
        });
        QSet<Session::Resource> reread;
        connect(market.session(), &Session::listLoaded, &refreshCalls,
                [&reread](Session::Resource resource) { reread.insert(resource); });
        market.refresh();
        const QSet<Session::Resource> marketLists{Session::Resource::Pools, Session::Resource::Orders,
                                                  Session::Resource::Skus};
        QTRY_VERIFY_WITH_TIMEOUT(callsInFlight == 0 && reread.contains(marketLists), 20000);
        QVERIFY2(failures.isEmpty(), qPrintable(failures.join(u"; ")));
        QVERIFY(listed());
        market.unwatch();
    }

private:
    SimProcess m_sim;
};

QTEST_MAIN(TestConnections)
#include "tst_connections.moc"
