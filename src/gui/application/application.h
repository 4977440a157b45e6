// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/connection/connectionmanager.h"
#include "core/settings/connectionprofile.h"

#include <QObject>
#include <QPointer>

#include <memory>
#include <optional>

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

// The composition root of the GUI: builds the main window and its sections once and wires them to
// the ConnectionManager, whose session they follow when the connection changes (another profile, a
// sign-in, a sign-out) without a restart. The window title and status bar always name the profile
// and the account.
class Application final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(Application)

public:
    // What the connections need (settings, secrets, network, the local simulator), and more.
    struct Services : ConnectionManager::Services
    {
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
    ConnectionManager* connections() const { return m_connections.get(); }
    Connection* connection() const { return m_connections->connection(); }
    ConnectionProfile profile() const { return m_connections->profile(); }
    NoticeLog* notices() const { return m_notices.get(); }
    NoticeWatcher* noticeWatcher() const { return m_noticeWatcher.get(); }
    Notifier* notifier() const { return m_notifier; }
    // The connection's price watches, and what checks them at its session's cadence.
    PriceWatchList* priceWatches() const { return m_priceWatches.get(); }
    PriceWatchChecker* priceWatchChecker() const { return m_watchChecker; }

    // Opens what a notice is about: its section, with its row selected, in the window brought up.
    void openNotice(const Notice& notice);

    // As ConnectionManager's: every section shows the new connection's data and nothing of the old.
    void start() { m_connections->start(); }
    void startWithServer(const QUrl& url) { m_connections->startWithServer(url); }
    void connectTo(const ConnectionProfile& profile) { m_connections->connectTo(profile); }
    void signOut() { m_connections->signOut(); }

    void showConnections();
    // Asks for a token for the current connection (non-modal).
    void showSignIn(const QString& reason = {});

    // The sidebar's sections in order, for --section.
    bool setCurrentSection(const QString& id);

private:
    void buildSections();
    void setUpNotices();
    void setUpPriceWatches();
    // Adds a notice to the Activity panel and shows it on the desktop.
    void tell(const Notice& notice);
    void wireConnections();
    // A new connection is current: its price watches, its orders of unknown outcome, its messages.
    void followConnection(const ConnectionProfile& profile);
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
    std::unique_ptr<ConnectionManager> m_connections;
    QPointer<SignInDialog> m_signIn;
    QPointer<CloudInitPage> m_cloudInit;
    QPushButton* m_connectionBarButton = nullptr;
};

} // namespace sfdesk
