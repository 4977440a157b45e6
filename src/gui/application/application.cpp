// SPDX-License-Identifier: Apache-2.0

#include "gui/application/application.h"

#include "common/constvalue.h"
#include "core/api/imageupload.h"
#include "core/market/apimarketbackend.h"
#include "core/market/pricewatch.h"
#include "core/models/activitymodel.h"
#include "core/models/connectionstatus.h"
#include "core/models/format.h"
#include "core/models/poolmodel.h"
#include "core/models/session.h"
#include "core/notify/dbusnotifier.h"
#include "core/notify/noticelog.h"
#include "core/notify/noticewatcher.h"
#include "core/settings/secretstore.h"
#include "core/settings/settings.h"
#include "core/util/plaintext.h"
#include "gui/availability/availabilityview.h"
#include "gui/cloudinit/cloudinitcodeeditor.h"
#include "gui/cloudinit/cloudinitpage.h"
#include "gui/common/messagebar.h"
#include "gui/common/themeicons.h"
#include "gui/common/viewcontext.h"
#include "gui/common/windowfit.h"
#include "gui/common/workspacebar.h"
#include "gui/deployments/deploymentspage.h"
#include "gui/deployments/deploymentsview.h"
#include "gui/deployments/instancetemplatesview.h"
#include "gui/deployments/savetemplatedialog.h"
#include "gui/images/imagesview.h"
#include "gui/instances/instancesview.h"
#include "gui/mainwindow/activitypanel.h"
#include "gui/mainwindow/mainwindow.h"
#include "gui/mainwindow/sectionicons.h"
#include "gui/mainwindow/startpage.h"
#include "gui/money/moneyview.h"
#include "gui/orders/orderspage.h"
#include "gui/partitions/partitionsview.h"
#include "gui/pools/poolsview.h"
#include "gui/reservations/reservationspage.h"
#include "gui/reservations/spendguarddialog.h"
#include "gui/settings/connectionsdialog.h"
#include "gui/settings/signindialog.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QKeySequence>
#include <QPushButton>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTextDocument>
#include <QUrl>

#include <algorithm>

namespace sfdesk {

Application::Application(const Services& services, QObject* parent)
    : QObject(parent)
    , m_services(services)
    , m_context(std::make_unique<ViewContext>(services.settings))
    , m_activity(std::make_unique<ActivityModel>())
    , m_notices(std::make_unique<NoticeLog>())
    , m_noticeWatcher(std::make_unique<NoticeWatcher>())
    , m_market(new ApiMarketBackend(nullptr, this))
    , m_priceWatches(std::make_unique<PriceWatchList>())
    , m_watchChecker(new PriceWatchChecker(m_priceWatches.get(), m_market, this))
    , m_window(std::make_unique<MainWindow>(services.settings))
    , m_connections(std::make_unique<ConnectionManager>(services))
{
    Q_ASSERT(services.settings && services.secrets && !services.network.isNull());
    // A first start shows everything the account has, whichever workspace it is in.
    if (!m_context->hasRememberedScope())
        m_context->setAllWorkspaces(true);
    // Dialogs open tall enough for their wrapped texts.
    QCoreApplication::instance()->installEventFilter(new WindowFit::DialogsGrowToText(this));
    buildSections();
    setUpNotices();
    setUpPriceWatches();
    wireConnections();
    connect(m_window.get(), &MainWindow::connectionsRequested, this, &Application::showConnections);
    connect(m_window.get(), &MainWindow::spendGuardRequested, this,
            [this] { SpendGuardDialog::openFor(m_services.settings, profile(), m_market, m_window.get()); });
    connect(m_context.get(), &ViewContext::statusMessage, m_window.get(),
            [this](const QString& message) { m_window->showStatusMessage(message); });
    updateConnectionText();
}

Application::~Application()
{
    // The sections hold the context, the market and the connection's client: they go first.
    delete m_signIn;
    m_noticeWatcher->bind(nullptr);
    m_watchChecker->bind(nullptr);
    // A connection still opening reports its state as it goes; the window it would update is gone.
    m_connections->disconnect(this);
    if (Connection* connection = m_connections->connection())
        connection->disconnect(this);
    m_window.reset();
    m_context->setSession(nullptr);
    m_market->setSession(nullptr);
    m_activity->setClient(nullptr);
    m_connections.reset();
}

void Application::buildSections()
{
    MainWindow* window = m_window.get();
    ViewContext* context = m_context.get();
    const auto add = [this, window](const QString& id, const QString& title, MainWindow::PageFactory build) {
        const QIcon icon = SectionIcons::icon(id);
        if (m_services.buildPagesWhenNeeded)
            window->addSection(id, icon, title, std::move(build));
        else
            window->addSection(id, icon, title, build());
    };
    auto* start = new StartPage(context, m_priceWatches.get(), [this] { return m_market->now(); });
    connect(start, &StartPage::sectionRequested, window, &MainWindow::goToSection);
    connect(start, &StartPage::priceWatchesRequested, this, [window] {
        window->setCurrentSection(QStringLiteral("reservations"));
        if (auto* planner =
                qobject_cast<ReservationsPage*>(window->sectionPage(QStringLiteral("reservations"))))
            planner->openPriceWatches();
    });
    connect(m_market, &MarketBackend::changed, start, &StartPage::refresh);
    window->setSectionPage(QStringLiteral("start"), start);
    add(QStringLiteral("availability"), tr("Availability"),
        [context] { return new AvailabilityView(context); });
    add(QStringLiteral("pools"), tr("Pools"), [this, window, context] {
        auto* pools = new PoolsView(context);
        // Sell Idle… proposes the sell in the planner, where it is checked and placed.
        connect(pools, &PoolsView::sellIdleRequested, this, [window](const QString& poolId) {
            window->setCurrentSection(QStringLiteral("reservations"));
            if (auto* planner =
                    qobject_cast<ReservationsPage*>(window->sectionPage(QStringLiteral("reservations"))))
                planner->sellIdle(poolId);
        });
        return pools;
    });
    add(QStringLiteral("instances"), tr("Instances"), [context] { return new InstancesView(context); });
    add(QStringLiteral("deployments"), tr("Deployments"), [this, window, context] {
        auto* page = new DeploymentsPage(context);
        connect(page->deployments(), &DeploymentsView::showInstancesRequested, this,
                [window](const QString& deploymentId) {
                    window->setCurrentSection(QStringLiteral("instances"));
                    if (auto* instances =
                            qobject_cast<InstancesView*>(window->sectionPage(QStringLiteral("instances"))))
                        instances->showDeployment(deploymentId);
                });
        connect(page->templates(), &InstanceTemplatesView::openInEditorRequested, this,
                [this, window](const QString& title, const QByteArray& userData) {
                    window->setCurrentSection(QStringLiteral("cloudinit"));
                    if (CloudInitPage* editor = m_cloudInit.data()) {
                        editor->openText(QString::fromUtf8(userData));
                        window->showStatusMessage(
                            tr("Opened %1 in the Cloud-init editor as a new text.").arg(title));
                    }
                });
        return page;
    });
    add(QStringLiteral("partitions"), tr("InfiniBand Partitions"),
        [context] { return new PartitionsView(context); });
    // The planner and the orders show the connection's scope too, and can change it.
    add(QStringLiteral("reservations"), tr("Reservations"), [this, context] {
        auto* reservations = new ReservationsPage(m_market);
        reservations->setSettings(m_services.settings);
        reservations->setProfileSource([this] { return profile(); });
        reservations->setPriceWatches(m_priceWatches.get());
        // The idle capacity the Pools column shows, drawn on the chart of the shown pool.
        reservations->setIdleSource([context](const QString& poolId) {
            return context->session() ? context->session()->pools()->idleOf(poolId)
                                      : IdleCapacity::PoolIdle{};
        });
        const auto followIdle = [context, reservations] {
            if (context->session())
                connect(context->session()->pools(), &QAbstractItemModel::dataChanged, reservations,
                        &ReservationsPage::updateIdle, Qt::UniqueConnection);
            reservations->updateIdle();
        };
        connect(context, &ViewContext::clientChanged, reservations, followIdle);
        followIdle();
        reservations->setScopeBar(new WorkspaceBar(QStringLiteral("reservations"), context, reservations));
        return reservations;
    });
    add(QStringLiteral("orders"), tr("Orders"), [this, context] {
        auto* orders = new OrdersPage(m_market, m_services.settings);
        orders->setScopeBar(new WorkspaceBar(QStringLiteral("orders"), context, orders));
        return orders;
    });
    add(QStringLiteral("images"), tr("Images"), [context] { return new ImagesView(context); });
    add(QStringLiteral("cloudinit"), tr("Cloud-init"), [this, window, context] {
        m_cloudInit = new CloudInitPage(window);
        // Save as Instance Template: the checked text goes to the connection, with an image and a name.
        const auto offer = [this, context] {
            if (m_cloudInit)
                m_cloudInit->setSaveAsTemplateEnabled(context->session()->canSend());
        };
        connect(context, &ViewContext::clientChanged, m_cloudInit.data(), offer);
        offer();
        connect(m_cloudInit.data(), &CloudInitPage::saveAsTemplateRequested, this,
                [this, window, context](const QByteArray& userData, const QString& title,
                                        const QString& savedFile) {
                    if (!context->session()->canSend() || !m_cloudInit)
                        return;
                    auto* dialog =
                        new SaveTemplateDialog(context, userData, title, savedFile, m_cloudInit.data());
                    dialog->setAttribute(Qt::WA_DeleteOnClose);
                    connect(
                        dialog, &SaveTemplateDialog::saved, this, [window](const InstanceTemplate& saved) {
                            window->showStatusMessage(
                                tr("Saved instance template %1: Deployments > Instance Templates lists it.")
                                    .arg(saved.name));
                        });
                    dialog->open();
                });
        return m_cloudInit.data();
    });
    // Last: the sections before it keep their Ctrl+digit keys.
    add(QStringLiteral("money"), tr("Money"),
        [this, context] { return new MoneyView(context, [this] { return m_market->now(); }); });
    // The instance wizard can take its user data from the editor (nothing, if it was never opened).
    context->setCloudInitSource([this] {
        ViewContext::CloudInitDraft draft;
        CloudInitPage* page = m_cloudInit.data();
        if (!page)
            return draft;
        const bool saved = !page->fileName().isEmpty() && !page->editor()->document()->isModified();
        draft.title =
            page->fileName().isEmpty() ? tr("the Cloud-init editor") : QFileInfo(page->fileName()).fileName();
        draft.savedFile = saved ? page->fileName() : QString();
        draft.userData = page->userData().toUtf8();
        draft.instanceData = page->instanceData();
        return draft;
    });
    auto* activity = new ActivityPanel(m_activity.get());
    activity->setNotices(m_notices.get());
    connect(activity, &ActivityPanel::noticeActivated, this, &Application::openNotice);
    window->addPanel(QStringLiteral("activityPanel"), tr("Activity"), activity,
                     QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_A));
}

void Application::setUpNotices()
{
    m_notifier = m_services.notifier;
    if (!m_notifier) {
        m_ownNotifier = std::make_unique<DBusNotifier>();
        m_notifier = m_ownNotifier.get();
    }
    NoticeWatcher* watcher = m_noticeWatcher.get();
    Settings* settings = m_services.settings;
    for (const Notice::Kind kind : constValue(Notice::allKinds()))
        watcher->setEnabled(kind, Notice::isEnabled(*settings, kind));
    connect(settings, &Settings::notifiesChanged, watcher, [watcher](const QString& name, bool on) {
        if (const auto kind = Notice::kindFromName(name))
            watcher->setEnabled(*kind, on);
    });
    // The capacity warnings go by the server's clock, which the market learns.
    watcher->setClock([this] { return m_market->now(); });
    connect(m_market, &MarketBackend::changed, watcher, &NoticeWatcher::clockChanged);
    connect(watcher, &NoticeWatcher::noticed, this, &Application::tell);
    connect(m_notifier, &Notifier::activated, this, &Application::openNotice);
}

void Application::tell(const Notice& notice)
{
    m_notices->add(notice);
    if (m_notifier->isAvailable())
        m_notifier->show(notice);
}

void Application::setUpPriceWatches()
{
    PriceWatchList* watches = m_priceWatches.get();
    watches->setClock([this] { return m_market->now(); });
    // Kept at once: a fired watch is not told again after a restart.
    connect(watches, &PriceWatchList::edited, this, [this, watches] {
        PriceWatches::save(*m_services.settings, m_watchesProfile, watches->watches());
        m_services.settings->sync();
    });
    connect(m_market, &MarketBackend::changed, watches, [this, watches] {
        QHash<QString, QString> names;
        for (const InstanceSku& sku : constValue(m_market->skus()))
            names.insert(sku.id, sku.alias.isEmpty() ? sku.id : sku.alias);
        watches->setSkuNames(names);
    });
    connect(m_watchChecker, &PriceWatchChecker::fired, this, [this](const PriceWatch& watch) {
        if (!Notice::isEnabled(*m_services.settings, Notice::Kind::PriceWatch) || !watch.fired)
            return;
        const WindowSearch::Offer& offer = *watch.fired;
        QString sku = watch.sku;
        for (const InstanceSku& known : constValue(m_market->skus()))
            if (known.id == watch.sku && !known.alias.isEmpty())
                sku = known.alias;
        Notice notice;
        notice.kind = Notice::Kind::PriceWatch;
        notice.title = tr("Window offered at your price");
        notice.text = tr("%1 × %2 from %3 for %n hour(s) at %4 (watched at %5). Buy… opens the order.",
                         nullptr, int(offer.hours()))
                          .arg(QString::number(offer.nodes), sku, Format::dateTime(offer.start),
                               Format::ratePerNodeHour(offer.rateMicros()),
                               Format::ratePerNodeHour(watch.maxRateMicros));
        notice.section = QStringLiteral("reservations");
        notice.targetId = watch.id;
        notice.at = m_market->now();
        tell(notice);
    });
}

void Application::openNotice(const Notice& notice)
{
    MainWindow* window = m_window.get();
    if (!window->setCurrentSection(notice.section))
        return;
    QWidget* page = window->sectionPage(notice.section);
    if (auto* orders = qobject_cast<OrdersPage*>(page))
        orders->selectOrder(notice.targetId);
    else if (auto* planner = qobject_cast<ReservationsPage*>(page)) {
        // Buy…: the watch's window as an order to place, through the page's usual checks.
        if (const auto watch = m_priceWatches->watch(notice.targetId);
            watch && notice.kind == Notice::Kind::PriceWatch)
            planner->buyWatch(*watch);
    } else if (auto* pools = qobject_cast<PoolsView*>(page))
        pools->selectPool(notice.targetId);
    else if (auto* instances = qobject_cast<InstancesView*>(page))
        instances->selectInstance(notice.targetId);
    // A click on a desktop notification comes while the window may be behind others.
    if (window->isMinimized())
        window->showNormal();
    window->raise();
    window->activateWindow();
}

bool Application::setCurrentSection(const QString& id)
{
    return m_window->setCurrentSection(id);
}

void Application::wireConnections()
{
    ConnectionManager* connections = m_connections.get();
    // Whatever shows or acts on a connection's data follows its one session; null first, so that
    // nothing of the old connection shows or answers once another is chosen.
    connect(connections, &ConnectionManager::sessionChanged, m_context.get(), &ViewContext::setSession);
    connect(connections, &ConnectionManager::sessionChanged, m_market, &ApiMarketBackend::setSession);
    connect(connections, &ConnectionManager::sessionChanged, m_activity.get(),
            [this](Session* session) { m_activity->setClient(session ? session->client() : nullptr); });
    connect(connections, &ConnectionManager::sessionChanged, m_noticeWatcher.get(), &NoticeWatcher::bind);
    connect(connections, &ConnectionManager::sessionChanged, m_watchChecker, &PriceWatchChecker::bind);
    connect(connections, &ConnectionManager::sessionChanged, this, [this](Session* session) {
        if (session)
            connect(session->status(), &ConnectionStatus::changed, this, &Application::updateConnectionText,
                    Qt::UniqueConnection);
    });
    connect(connections, &ConnectionManager::aboutToChange, this, [this] { delete m_signIn; });
    connect(connections, &ConnectionManager::currentChanged, this, &Application::followConnection);
    connect(connections, &ConnectionManager::stateChanged, this, [this](Connection::State state) {
        updateConnectionText();
        // Why nothing can be shown (another window has the local simulator, say), in words where
        // the user looks, until another message replaces it: not only in a tooltip.
        Connection* connection = m_connections->connection();
        if (state == Connection::State::Failed && !connection->problem().isEmpty())
            m_window->statusBar()->showMessage(connection->problem());
    });
    connect(connections, &ConnectionManager::accountChanged, this, &Application::updateConnectionText);
}

void Application::followConnection(const ConnectionProfile& profile)
{
    // The new connection's watches, as kept.
    m_watchesProfile = profile.id;
    m_priceWatches->setWatches(PriceWatches::saved(*m_services.settings, profile.id));
    // Orders whose answer was lost, per profile: a restart still finds them instead of placing
    // them twice.
    m_market->setAttemptsFile(ConnectionManager::profileFile(
        QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/order-attempts"),
        profile.id));
    // Stays until another message replaces it: it warns of a double order. The details (which
    // file, why) would not fit the status bar; they are its tooltip meanwhile.
    if (const QString problem = m_market->attempts().problem(); !problem.isEmpty()) {
        QStatusBar* bar = m_window->statusBar();
        const QString warning = tr("Could not read which orders may have been placed: check Orders before "
                                   "placing one again, or it may be placed twice.");
        bar->showMessage(warning);
        bar->setToolTip(PlainText::toolTip(problem));
        connect(
            bar, &QStatusBar::messageChanged, this,
            [bar, warning](const QString& message) {
                if (message != warning)
                    bar->setToolTip(QString());
            },
            Qt::SingleShotConnection);
    }
    Connection* connection = m_connections->connection();
    connect(connection, &Connection::worldReset, this,
            [this] { m_window->showStatusMessage(tr("The local simulator was reset.")); });
    connect(connection, &Connection::worldResetFailed, this, [this](const QString& reason) {
        m_window->showStatusMessage(tr("The local simulator was not reset: %1").arg(reason));
    });
    connect(connection, &Connection::signInRequired, this, [this, connection] {
        showSignIn(connection->problem().isEmpty() ? QString() : connection->problem());
    });
    updateConnectionText();
}

void Application::updateConnectionText()
{
    // The session's status still reports while the application takes it down after the window.
    if (!m_window)
        return;
    const ConnectionProfile current = profile();
    Connection* connection = m_connections->connection();
    QString state;
    QString who;
    QString details = connection ? connection->serverUrl().toDisplayString() : QString();
    if (connection) {
        const Account account = connection->account();
        who = !account.userEmail.isEmpty() ? account.userEmail : account.accountId;
        switch (connection->state()) {
        case Connection::State::Starting:
            state =
                current.kind == ConnectionProfile::Kind::LocalSimulator ? tr("starting…") : tr("connecting…");
            break;
        case Connection::State::Checking:
            state = tr("signing in…");
            break;
        case Connection::State::SignedOut:
            state = tr("not signed in");
            break;
        case Connection::State::Failed:
            state = tr("not running");
            break;
        case Connection::State::Ready: {
            const ConnectionStatus* status = connection->session()->status();
            state = status->hasError() ? status->summary() : who.isEmpty() ? tr("connected") : who;
            if (status->hasError() && !who.isEmpty())
                state = who + QStringLiteral(" · ") + state;
            details += u'\n' + status->summary();
            break;
        }
        }
        if (!connection->problem().isEmpty())
            details += u'\n' + connection->problem();
    } else {
        state = tr("not connected");
    }
    m_window->setConnectionText(tr("%1 · %2").arg(current.name, state), details.trimmed());
    updateConnectionBar();
    m_window->setWindowTitle(who.isEmpty() ? tr("sfdesk — %1").arg(current.name)
                                           : tr("sfdesk — %1 · %2").arg(current.name, who));
}

void Application::updateConnectionBar()
{
    // Every page of a connection that cannot show its account says why, and offers the way out:
    // an empty page is not mistaken for an empty account.
    MessageBar* bar = m_window->connectionBar();
    Connection* connection = m_connections->connection();
    const Connection::State state = connection ? connection->state() : Connection::State::Ready;
    if (!m_connectionBarButton) {
        m_connectionBarButton =
            new QPushButton(ThemeIcons::icon(QStringLiteral("dialog-password")), tr("Sign In…"), bar);
        m_connectionBarButton->setObjectName(QStringLiteral("connectionBarButton"));
        bar->addButton(m_connectionBarButton);
        connect(m_connectionBarButton, &QPushButton::clicked, this, [this] {
            Connection* current = m_connections->connection();
            if (current && current->state() == Connection::State::SignedOut && current->acceptsTokens())
                showSignIn();
            else
                showConnections();
        });
    }
    // rich text: the connection's name and its problem are escaped
    const QString name = profile().name.toHtmlEscaped();
    if (state == Connection::State::SignedOut) {
        bar->setKind(MessageBar::Kind::Warning);
        bar->setText(tr("Not signed in to <b>%1</b>: its pages show nothing until you sign in.").arg(name));
        m_connectionBarButton->setText(connection->acceptsTokens() ? tr("Sign In…") : tr("Connections…"));
        bar->show();
    } else if (state == Connection::State::Failed) {
        bar->setKind(MessageBar::Kind::Error);
        bar->setText(tr("Not connected to <b>%1</b>: %2").arg(name, connection->problem().toHtmlEscaped()));
        m_connectionBarButton->setText(tr("Connections…"));
        bar->show();
    } else {
        bar->hide();
    }
}

void Application::showConnections()
{
    auto* dialog = m_window->findChild<ConnectionsDialog*>(QString(), Qt::FindDirectChildrenOnly);
    if (!dialog) {
        dialog = new ConnectionsDialog(m_connections.get(), m_window.get());
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        connect(dialog, &ConnectionsDialog::signInRequested, this, [this] { showSignIn(); });
    }
    dialog->show();
    dialog->raise();
    dialog->activateWindow();
}

void Application::showSignIn(const QString& reason)
{
    Connection* connection = m_connections->connection();
    if (!connection || !connection->acceptsTokens())
        return;
    if (!m_signIn) {
        m_signIn = new SignInDialog(connection, reason, m_window.get());
        m_signIn->setAttribute(Qt::WA_DeleteOnClose);
    }
    m_signIn->open();
    m_signIn->raise();
    m_signIn->activateWindow();
}

} // namespace sfdesk
