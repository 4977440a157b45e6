// SPDX-License-Identifier: Apache-2.0

// File > Connections: a server's extra CA certificates and proxy, as a user behind a company's own
// CA sets them. The server is the real sfsim behind a TLS front whose certificate a private CA
// signed (tests/support/tlsrelay.h): refused until the connection trusts that CA, then signed in.
#include "appservices.h"
#include "core/connection/connection.h"
#include "core/settings/secretstore.h"
#include "core/settings/settings.h"
#include "gui/application/application.h"
#include "gui/mainwindow/mainwindow.h"
#include "gui/settings/connectionsdialog.h"
#include "gui/settings/signindialog.h"
#include "support/simprocess.h"
#include "support/testenv.h"
#include "support/tlsrelay.h"
#include "widgetscreenshot.h"

#include <QFileDialog>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QNetworkAccessManager>
#include <QPointer>
#include <QPushButton>
#include <QSignalSpy>
#include <QSslSocket>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace sfdesk;

class TestConnectionSettings final : public QObject
{
    Q_OBJECT

private:
    // Signs in through the dialog the connection asks for; returns its status line once it shows
    // the outcome (closed: empty).
    QPointer<SignInDialog> signIn(Application& app, const QString& token)
    {
        QPointer<SignInDialog> dialog;
        [&] { QTRY_VERIFY_WITH_TIMEOUT((dialog = app.window()->findChild<SignInDialog*>()), 20000); }();
        if (!dialog)
            return dialog;
        dialog->findChild<QLineEdit*>(u"tokenField"_s)->setText(token);
        dialog->findChild<QPushButton*>(u"signInButton"_s)->click();
        return dialog;
    }

    // Picks a file in the dialog's file chooser as a user does.
    void choose(ConnectionsDialog* dialog, const QString& file)
    {
        dialog->findChild<QPushButton*>(u"chooseCaCertificatesButton"_s)->click();
        QFileDialog* chooser = nullptr;
        [&] { QTRY_VERIFY((chooser = dialog->findChild<QFileDialog*>(u"caCertificatesDialog"_s))); }();
        if (!chooser)
            return;
        QVERIFY(chooser->isVisible());
        chooser->selectFile(file);
        // QFileDialog::accept() is protected; QDialog's is the same virtual.
        static_cast<QDialog*>(chooser)->accept();
    }

private Q_SLOTS:
    void initTestCase()
    {
        TestEnv::init();
        if (!QSslSocket::supportsSsl())
            QSKIP("this Qt has no TLS backend");
        QVERIFY2(m_sim.start(), qPrintable(m_sim.errorOutput()));
    }

    void privateCaThroughTheDialog()
    {
        TlsFront front(quint16(m_sim.baseUrl().port()));
        QVERIFY(front.listen());
        QTemporaryDir dir;
        Settings settings(dir.filePath(u"s.ini"_s));
        const ConnectionProfile staging = ConnectionProfile::custom(u"Staging"_s, front.url());
        settings.saveProfile(staging);
        QNetworkAccessManager network;
        MemorySecretStore secrets;
        Application app(appServices(&settings, &secrets, &network));
        app.window()->resize(1200, 800);
        app.window()->show();
        app.start();
        QCOMPARE(app.profile().id, staging.id);

        // Without the CA: the server's certificate is refused, said in the sign-in dialog.
        const QString token = m_sim.token(u"acme-owner"_s);
        QPointer<SignInDialog> dialog = signIn(app, token);
        QVERIFY(dialog);
        auto* status = dialog->findChild<QLabel*>(u"signInStatus"_s);
        QTRY_VERIFY_WITH_TIMEOUT(status->text().contains(u"could not be checked"), 30000);
        QVERIFY2(status->text().contains(u"own CA"), qPrintable(status->text()));
        QCOMPARE(app.connection()->state(), Connection::State::SignedOut);
        QCOMPARE(front.relayed(), 0);
        dialog->reject();

        app.showConnections();
        auto* connections = app.window()->findChild<ConnectionsDialog*>();
        QVERIFY(connections);
        auto* list = connections->findChild<QListWidget*>(u"connectionsList"_s);
        auto* group = connections->findChild<QGroupBox*>(u"networkSettings"_s);
        auto* caField = connections->findChild<QLineEdit*>(u"caCertificatesField"_s);
        auto* proxyField = connections->findChild<QLineEdit*>(u"proxyField"_s);
        auto* save = connections->findChild<QPushButton*>(u"saveNetworkSettingsButton"_s);
        auto* problem = connections->findChild<QLabel*>(u"networkSettingsProblem"_s);
        QVERIFY(group && caField && proxyField && save && problem);
        QVERIFY(!caField->accessibleName().isEmpty() && !proxyField->accessibleName().isEmpty());
        // The local simulator has none of it.
        for (int row = 0; row < list->count(); ++row)
            if (list->item(row)->text().startsWith(u"Local simulator"))
                list->setCurrentRow(row);
        QVERIFY(!group->isEnabled());
        for (int row = 0; row < list->count(); ++row)
            if (list->item(row)->text().startsWith(u"Staging"))
                list->setCurrentRow(row);
        QVERIFY(group->isEnabled());
        QVERIFY(group->title().contains(u"Staging"));

        // Proxies it cannot use are refused with a reason, and nothing is saved.
        proxyField->setText(u"https://proxy.example:443"_s);
        save->click();
        QVERIFY(problem->isVisible());
        QVERIFY2(problem->text().contains(u"Only http:// and socks5://"), qPrintable(problem->text()));
        proxyField->setText(u"http://me:hunter2@proxy.example:3128"_s);
        save->click();
        QVERIFY2(problem->text().contains(u"user name and password are not supported"),
                 qPrintable(problem->text()));
        QVERIFY(settings.currentProfile().proxy.isEmpty());
        proxyField->clear();

        // A file that is no PEM certificate: said at once, and not saved.
        choose(connections, TestEnv::dataFile(u"tls/not-a-certificate.pem"_s));
        QTRY_COMPARE(caField->text(), TestEnv::dataFile(u"tls/not-a-certificate.pem"_s));
        QVERIFY(problem->isVisible());
        QVERIFY2(problem->text().contains(u"holds no PEM certificate"), qPrintable(problem->text()));
        saveWidgetScreenshot(connections, u"connections-bad-ca-file"_s);
        save->click();
        QVERIFY(problem->isVisible());
        QVERIFY(settings.currentProfile().caCertificates.isEmpty());
        // Nor one that cannot be read.
        caField->setText(dir.filePath(u"missing.pem"_s));
        save->click();
        QVERIFY2(problem->text().contains(u"cannot be read"), qPrintable(problem->text()));

        // The private CA: saved, and the connection opens again with it at once.
        choose(connections, TlsFront::caFile());
        QTRY_COMPARE(caField->text(), TlsFront::caFile());
        QVERIFY(!problem->isVisible());
        QSignalSpy reopened(app.connections(), &ConnectionManager::currentChanged);
        save->click();
        QVERIFY(!problem->isVisible());
        QCOMPARE(settings.currentProfile().caCertificates, TlsFront::caFile());
        QCOMPARE(app.connection()->profile().caCertificates, TlsFront::caFile());
        QCOMPARE(reopened.size(), 1);
        auto* notice = connections->findChild<QLabel*>(u"connectionsNotice"_s);
        QVERIFY(notice->isVisible() && notice->text().contains(u"Saved"));
        saveWidgetScreenshot(connections, u"connections-network-settings"_s);

        // Signed in through TLS now: sfsim's account, through the front.
        dialog = signIn(app, token);
        QVERIFY(dialog);
        QTRY_COMPARE_WITH_TIMEOUT(app.connection()->state(), Connection::State::Ready, 30000);
        QVERIFY(!app.connection()->account().accountId.isEmpty());
        QVERIFY(front.relayed() >= 1);
        connections->close();
    }

    // A proxy set for the current connection carries it from then on.
    void proxyThroughTheDialog()
    {
        TlsFront front(quint16(m_sim.baseUrl().port()));
        QVERIFY(front.listen());
        ConnectProxy proxy;
        QVERIFY(proxy.listen());
        QTemporaryDir dir;
        Settings settings(dir.filePath(u"s.ini"_s));
        ConnectionProfile staging = ConnectionProfile::custom(u"Staging"_s, front.url());
        staging.caCertificates = TlsFront::caFile();
        settings.saveProfile(staging);
        QNetworkAccessManager network;
        MemorySecretStore secrets;
        secrets.keepForThisRun(staging.secretKey(), m_sim.token(u"acme-owner"_s));
        Application app(appServices(&settings, &secrets, &network));
        app.window()->show();
        app.start();
        QTRY_COMPARE_WITH_TIMEOUT(app.connection()->state(), Connection::State::Ready, 30000);
        QVERIFY(proxy.requests().isEmpty());

        app.showConnections();
        auto* connections = app.window()->findChild<ConnectionsDialog*>();
        QVERIFY(connections);
        auto* proxyField = connections->findChild<QLineEdit*>(u"proxyField"_s);
        QCOMPARE(connections->findChild<QLineEdit*>(u"caCertificatesField"_s)->text(), TlsFront::caFile());
        proxyField->setText(proxy.url().toString());
        connections->findChild<QPushButton*>(u"saveNetworkSettingsButton"_s)->click();
        QCOMPARE(settings.currentProfile().proxy, proxy.url());
        QTRY_COMPARE_WITH_TIMEOUT(app.connection()->state(), Connection::State::Ready, 30000);
        QVERIFY(!proxy.requests().isEmpty());
        QCOMPARE(proxy.requests().first(), u"CONNECT 127.0.0.1:%1 HTTP/1.1"_s.arg(front.port()));
        connections->close();
    }

private:
    SimProcess m_sim;
};

QTEST_MAIN(TestConnectionSettings)
#include "tst_connectionsettings.moc"
