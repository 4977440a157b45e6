#include "gui/mainwindow/mainwindow.h"

#include "core/settings/settings.h"
#include "gui/mainwindow/aboutdialog.h"
#include "gui/mainwindow/startpage.h"
#include "gui/settings/preferencesdialog.h"

#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QLabel>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QSplitter>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTimer>

namespace {

constexpr int SectionIdRole = Qt::UserRole + 1;

} // namespace

MainWindow::MainWindow(Settings* settings, QWidget* parent)
    : QMainWindow(parent)
    , m_settings(settings)
    , m_sectionToRestore(settings->currentSection())
{
    setObjectName(QStringLiteral("mainWindow"));
    setWindowTitle(tr("sfdesk"));
    setWindowIcon(QIcon(QStringLiteral(":/icons/sfdesk.svg")));

    auto* splitter = new QSplitter(Qt::Horizontal, this);
    splitter->setObjectName(QStringLiteral("mainSplitter"));
    m_sidebar = new QListWidget(splitter);
    m_sidebar->setObjectName(QStringLiteral("sidebar"));
    m_sidebar->setIconSize(QSize(20, 20));
    m_sidebar->setMinimumWidth(170);
    m_sidebar->setMaximumWidth(260);
    m_sidebar->setFrameShape(QFrame::NoFrame);
    m_sidebar->setSpacing(1);
    m_pages = new QStackedWidget(splitter);
    m_pages->setObjectName(QStringLiteral("pages"));
    splitter->addWidget(m_sidebar);
    splitter->addWidget(m_pages);
    splitter->setStretchFactor(1, 1);
    splitter->setCollapsible(1, false);
    setCentralWidget(splitter);

    connect(m_sidebar, &QListWidget::currentRowChanged, this, [this](int row) {
        if (row < 0)
            return;
        const QString id = m_sidebar->item(row)->data(SectionIdRole).toString();
        m_pages->setCurrentWidget(sectionPage(id));
        m_settings->setCurrentSection(id);
        updateSectionMenus();
    });

    m_connectionLabel = new QLabel(tr("Not connected"), this);
    m_connectionLabel->setObjectName(QStringLiteral("connectionLabel"));
    statusBar()->setObjectName(QStringLiteral("statusBar"));
    statusBar()->addPermanentWidget(m_connectionLabel);

    createMenus();
    addSection(QStringLiteral("start"), QIcon(QStringLiteral(":/icons/sfdesk.svg")), tr("Start"),
               new StartPage(this));
    restoreFromSettings();
}

MainWindow::~MainWindow() = default;

void MainWindow::addSection(const QString& id, const QIcon& icon, const QString& title, QWidget* page)
{
    Q_ASSERT(!m_sections.contains(id));
    installPage(id, page);
    addSidebarItem(id, icon, title);
}

void MainWindow::addSection(const QString& id, const QIcon& icon, const QString& title, PageFactory build)
{
    Q_ASSERT(!m_sections.contains(id));
    // An empty stand-in holds the page's place in the stack until it is built.
    auto* standIn = new QWidget(m_pages);
    m_pages->addWidget(standIn);
    m_sections.insert(id, standIn);
    m_pendingPages.append({id, std::move(build)});
    addSidebarItem(id, icon, title);
}

void MainWindow::addSidebarItem(const QString& id, const QIcon& icon, const QString& title)
{
    auto* item = new QListWidgetItem(icon, title, m_sidebar);
    item->setData(SectionIdRole, id);
    if (m_sidebar->currentRow() < 0 || id == m_sectionToRestore)
        m_sidebar->setCurrentItem(item);
}

void MainWindow::installPage(const QString& id, QWidget* page)
{
    QWidget* standIn = m_sections.value(id);
    page->setParent(m_pages);
    if (standIn) {
        const bool current = m_pages->currentWidget() == standIn;
        m_pages->insertWidget(m_pages->indexOf(standIn), page);
        if (current)
            m_pages->setCurrentWidget(page);
        m_pages->removeWidget(standIn);
        standIn->deleteLater();
    } else {
        m_pages->addWidget(page);
    }
    m_sections.insert(id, page);
    // A page's own menu (a direct child QMenu with the property sectionMenu) joins the menu bar, before
    // Help, and shows while the page is current.
    for (QMenu* menu : page->findChildren<QMenu*>(QString(), Qt::FindDirectChildrenOnly)) {
        if (!menu->property("sectionMenu").toBool())
            continue;
        menuBar()->insertMenu(m_helpMenu->menuAction(), menu);
        m_sectionMenus.insert(menu, page);
    }
    updateSectionMenus();
}

QWidget* MainWindow::sectionPage(const QString& id)
{
    const auto pending = std::find_if(m_pendingPages.begin(), m_pendingPages.end(),
                                      [&id](const auto& entry) { return entry.first == id; });
    if (pending != m_pendingPages.end()) {
        const PageFactory build = std::move(pending->second);
        m_pendingPages.erase(pending);
        installPage(id, build());
    }
    return m_sections.value(id);
}

void MainWindow::buildNextPendingPage()
{
    if (m_pendingPages.isEmpty())
        return;
    sectionPage(m_pendingPages.first().first);
    // One page per turn of the event loop, so input and painting go on in between.
    if (!m_pendingPages.isEmpty())
        QTimer::singleShot(0, this, &MainWindow::buildNextPendingPage);
}

void MainWindow::showEvent(QShowEvent* event)
{
    QMainWindow::showEvent(event);
    if (!m_pendingPages.isEmpty())
        QTimer::singleShot(0, this, &MainWindow::buildNextPendingPage);
}

QString MainWindow::currentSection() const
{
    const auto* item = m_sidebar->currentItem();
    return item ? item->data(SectionIdRole).toString() : QString();
}

bool MainWindow::setCurrentSection(const QString& id)
{
    for (int row = 0; row < m_sidebar->count(); ++row) {
        if (m_sidebar->item(row)->data(SectionIdRole).toString() == id) {
            m_sidebar->setCurrentRow(row);
            return true;
        }
    }
    return false;
}

QStringList MainWindow::sectionIds() const
{
    QStringList ids;
    for (int row = 0; row < m_sidebar->count(); ++row)
        ids << m_sidebar->item(row)->data(SectionIdRole).toString();
    return ids;
}

QDockWidget* MainWindow::addPanel(const QString& id, const QString& title, QWidget* panel,
                                  const QKeySequence& shortcut)
{
    auto* dock = new QDockWidget(title, this);
    dock->setObjectName(id);
    dock->setWidget(panel);
    dock->setAllowedAreas(Qt::BottomDockWidgetArea | Qt::RightDockWidgetArea);
    addDockWidget(Qt::BottomDockWidgetArea, dock);
    dock->hide();
    restoreDockWidget(dock);
    QAction* toggle = dock->toggleViewAction();
    toggle->setObjectName(QStringLiteral("actionToggle") + id);
    toggle->setShortcut(shortcut);
    m_viewMenu->addAction(toggle);
    return dock;
}

void MainWindow::setConnectionText(const QString& text, const QString& toolTip)
{
    m_connectionLabel->setText(text);
    m_connectionLabel->setToolTip(toolTip);
}

void MainWindow::createMenus()
{
    auto* fileMenu = menuBar()->addMenu(tr("&File"));
    fileMenu->setObjectName(QStringLiteral("fileMenu"));
    auto* connectionsAction =
        fileMenu->addAction(QIcon::fromTheme(QStringLiteral("network-server")), tr("&Connections…"));
    connectionsAction->setObjectName(QStringLiteral("actionConnections"));
    connectionsAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
    connectionsAction->setStatusTip(tr("Choose the server, sign in or out"));
    connect(connectionsAction, &QAction::triggered, this, &MainWindow::connectionsRequested);
    auto* preferencesAction =
        fileMenu->addAction(QIcon::fromTheme(QStringLiteral("preferences-system")), tr("&Preferences…"));
    preferencesAction->setObjectName(QStringLiteral("actionPreferences"));
    preferencesAction->setShortcut(QKeySequence::Preferences);
    preferencesAction->setMenuRole(QAction::PreferencesRole);
    connect(preferencesAction, &QAction::triggered, this, [this] {
        auto* dialog = new PreferencesDialog(m_settings, this);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        dialog->open();
    });
    fileMenu->addSeparator();
    auto* quitAction = fileMenu->addAction(QIcon::fromTheme(QStringLiteral("application-exit")), tr("&Quit"));
    quitAction->setObjectName(QStringLiteral("actionQuit"));
    quitAction->setShortcut(QKeySequence::Quit);
    quitAction->setMenuRole(QAction::QuitRole);
    connect(quitAction, &QAction::triggered, this, &QWidget::close);

    auto* viewMenu = menuBar()->addMenu(tr("&View"));
    m_viewMenu = viewMenu;
    viewMenu->setObjectName(QStringLiteral("viewMenu"));
    auto* sidebarAction = viewMenu->addAction(tr("Show &Sidebar"));
    sidebarAction->setObjectName(QStringLiteral("actionToggleSidebar"));
    sidebarAction->setCheckable(true);
    sidebarAction->setChecked(true);
    sidebarAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_B));
    connect(sidebarAction, &QAction::toggled, m_sidebar, &QWidget::setVisible);

    auto* schemeMenu = viewMenu->addMenu(tr("&Color Scheme"));
    schemeMenu->setObjectName(QStringLiteral("colorSchemeMenu"));
    m_colorSchemeGroup = new QActionGroup(this);
    const struct
    {
        Settings::ColorScheme scheme;
        QString text;
        const char* name;
    } schemes[] = {
        {Settings::ColorScheme::System, tr("Follow &System"), "actionSchemeSystem"},
        {Settings::ColorScheme::Light, tr("&Light"), "actionSchemeLight"},
        {Settings::ColorScheme::Dark, tr("&Dark"), "actionSchemeDark"},
    };
    for (const auto& s : schemes) {
        auto* action = schemeMenu->addAction(s.text);
        action->setObjectName(QLatin1StringView(s.name));
        action->setCheckable(true);
        action->setData(static_cast<int>(s.scheme));
        m_colorSchemeGroup->addAction(action);
        connect(action, &QAction::triggered, this,
                [this, scheme = s.scheme] { m_settings->setColorScheme(scheme); });
    }
    updateColorSchemeActions();
    connect(m_settings, &Settings::colorSchemeChanged, this, &MainWindow::updateColorSchemeActions);
    viewMenu->addSeparator();

    auto* helpMenu = menuBar()->addMenu(tr("&Help"));
    helpMenu->setObjectName(QStringLiteral("helpMenu"));
    m_helpMenu = helpMenu;
    auto* shortcutsAction = helpMenu->addAction(tr("&Keyboard Shortcuts"));
    shortcutsAction->setObjectName(QStringLiteral("actionShortcuts"));
    shortcutsAction->setShortcut(QKeySequence::HelpContents);
    connect(shortcutsAction, &QAction::triggered, this, [this] {
        QStringList rows;
        for (QAction* action : findChildren<QAction*>()) {
            if (!action->shortcut().isEmpty())
                rows << tr("<tr><td>%1</td><td>%2</td></tr>")
                            .arg(action->text().remove(u'&'),
                                 action->shortcut().toString(QKeySequence::NativeText));
        }
        rows.sort();
        QMessageBox::information(this, tr("Keyboard Shortcuts"),
                                 tr("<table cellpadding=\"3\">%1</table>").arg(rows.join(QString())));
    });
    auto* aboutAction = helpMenu->addAction(QIcon(QStringLiteral(":/icons/sfdesk.svg")), tr("&About sfdesk"));
    aboutAction->setObjectName(QStringLiteral("actionAbout"));
    aboutAction->setMenuRole(QAction::AboutRole);
    connect(aboutAction, &QAction::triggered, this, &MainWindow::showAbout);
    auto* aboutQtAction = helpMenu->addAction(tr("About &Qt"));
    aboutQtAction->setObjectName(QStringLiteral("actionAboutQt"));
    aboutQtAction->setMenuRole(QAction::AboutQtRole);
    connect(aboutQtAction, &QAction::triggered, qApp, &QApplication::aboutQt);
}

void MainWindow::updateColorSchemeActions()
{
    const int current = static_cast<int>(m_settings->colorScheme());
    for (QAction* action : m_colorSchemeGroup->actions())
        action->setChecked(action->data().toInt() == current);
}

void MainWindow::showAbout()
{
    auto* dialog = new AboutDialog(this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open();
}

void MainWindow::restoreFromSettings()
{
    if (!restoreGeometry(m_settings->mainWindowGeometry()))
        resize(1180, 760);
    restoreState(m_settings->mainWindowState());
}

void MainWindow::updateSectionMenus()
{
    for (auto it = m_sectionMenus.cbegin(); it != m_sectionMenus.cend(); ++it)
        it.key()->menuAction()->setVisible(m_pages->currentWidget() == it.value());
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    // Each page may refuse (unsaved work it is asking about); the window then stays, on that page.
    for (auto it = m_sections.cbegin(); it != m_sections.cend(); ++it) {
        QCloseEvent pageClose;
        QCoreApplication::sendEvent(it.value(), &pageClose);
        if (!pageClose.isAccepted()) {
            setCurrentSection(it.key());
            event->ignore();
            return;
        }
    }
    m_settings->setMainWindowGeometry(saveGeometry());
    m_settings->setMainWindowState(saveState());
    m_settings->sync();
    QMainWindow::closeEvent(event);
}
