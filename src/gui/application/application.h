// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/connection/connection.h"
#include "core/settings/connectionprofile.h"

#include <QObject>
#include <QPointer>
#include <QProcessEnvironment>

#include <memory>
#include <optional>

class QNetworkAccessManager;
class QPushButton;

namespace sfdesk {

class ActivityModel;
class ApiMarketBackend;
class CloudInitPage;
class MainWindow;
class NoticeLog;
class NoticeWatcher;
class PriceWatchChecker;
class PriceWatchList;
class Notifier;
class SecretStore;
class Settings;
class SignInDialog;
class ViewContext;
struct Notice;

// The composition root of the GUI: builds the main window and its sections once, owns the one
// Connection, and rebinds every section when the connection changes (another profile, a sign-in,
// a sign-out) without a restart. The window title and status bar always name the profile and
// the account.
class Application final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(Application)

public:
    struct Services
    {
        Settings* settings = nullptr;
        SecretStore* secrets = nullptr;
        QNetworkAccessManager* network = nullptr;
        // Starts the local profile's simulator; without one the local profile cannot start.
        LocalServerFactory localServer;
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        // Pages are built when first opened or in the idle time after the window shows (the app
        // starts sooner); otherwise all of them at once, as tests that look into pages expect.
        bool buildPagesWhenNeeded = false;
        // Where notifications go besides the activity panel; null: the desktop's notification
        // service on the session bus, if there is one.
        Notifier* notifier = nullptr;
    };

    explicit Application(const Services& services, QObject* parent = nullptr);
    ~Application() override;

    MainWindow* window() const { return m_window.get(); }
    Settings* settings() const { return m_services.settings; }
    ViewContext* context() const { return m_context.get(); }
    ApiMarketBackend* market() const { return m_market; }
    Connection* connection() const { return m_connection.get(); }
    ConnectionProfile profile() const;
    NoticeLog* notices() const { return m_notices.get(); }
    NoticeWatcher* noticeWatcher() const { return m_noticeWatcher.get(); }
    Notifier* notifier() const { return m_notifier; }
    // The connection's price watches, and what checks them at its session's cadence.
    PriceWatchList* priceWatches() const { return m_priceWatches.get(); }
    PriceWatchChecker* priceWatchChecker() const { return m_watchChecker; }

    // Opens what a notice is about: its section, with its row selected, in the window brought up.
    void openNotice(const Notice& notice);

    // Connects to the profile saved as current (the local simulator on a first start).
    void start();
    // --server: this server's own profile (made on the first run with its address, listed in
    // Connections from then on), without making it the one saved as current.
    void startWithServer(const QUrl& url);
    // Saves a changed profile (its CA certificates, its proxy); the current connection is opened
    // again with it.
    void updateProfile(const ConnectionProfile& profile);
    // Replaces the connection; every section shows the new one's data and nothing of the old.
    void connectTo(const ConnectionProfile& profile);
    // Removes a custom profile's token and then the profile (kept when the keychain could not
    // remove the token); profileForgotten() says what happened.
    void forgetProfile(const ConnectionProfile& profile);

    void showConnections();
    // Asks for a token for the current connection (non-modal).
    void showSignIn(const QString& reason = {});
    void signOut();

    // The sidebar's sections in order, for --section.
    bool setCurrentSection(const QString& id);

Q_SIGNALS:
    void connectionChanged();
    void connectionStateChanged();
    // What forgetProfile() did, in a sentence: the token removed, or why it may still be kept.
    void profileForgotten(const sfdesk::ConnectionProfile& profile, const QString& outcome);

private:
    void buildSections();
    void setUpNotices();
    void setUpPriceWatches();
    // Adds a notice to the Activity panel and shows it on the desktop.
    void tell(const Notice& notice);
    void ensureProfiles();
    void openConnection(const ConnectionProfile& profile, bool remember);
    void bindConnection();
    void updateConnectionText();
    void updateConnectionBar();

    Services m_services;
    std::unique_ptr<ViewContext> m_context;
    std::unique_ptr<ActivityModel> m_activity;
    std::unique_ptr<NoticeLog> m_notices;
    std::unique_ptr<NoticeWatcher> m_noticeWatcher;
    std::unique_ptr<Notifier> m_ownNotifier;
    Notifier* m_notifier = nullptr;
    ApiMarketBackend* m_market = nullptr;
    std::unique_ptr<PriceWatchList> m_priceWatches;
    PriceWatchChecker* m_watchChecker = nullptr;
    // The profile whose watches the list holds.
    QString m_watchesProfile;
    // Declared after what its sections hold, so that it goes first.
    std::unique_ptr<MainWindow> m_window;
    std::unique_ptr<Connection> m_connection;
    QPointer<SignInDialog> m_signIn;
    QPointer<CloudInitPage> m_cloudInit;
    QPushButton* m_connectionBarButton = nullptr;
};

} // namespace sfdesk
