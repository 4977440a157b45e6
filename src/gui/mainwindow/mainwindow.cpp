// SPDX-License-Identifier: Apache-2.0

#include "gui/mainwindow/mainwindow.h"

#include "common/constvalue.h"
#include "common/logging.h"
#include "core/settings/settings.h"
#include "core/util/plaintext.h"
#include "gui/common/messagebar.h"
#include "gui/common/plaintextwidgets.h"
#include "gui/common/themeicons.h"
#include "gui/mainwindow/aboutdialog.h"
#include "gui/settings/preferencesdialog.h"

#include <QAbstractButton>
#include <QAbstractScrollArea>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QScreen>
#include <QSplitter>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>

namespace sfdesk {

namespace {

constexpr int SectionIdRole = Qt::UserRole + 1;
// Long enough to read twice; a message about one page should not linger into the next.
constexpr int StatusMessageTimeout = 10000;
// How long after the show the window stops waiting for its first frame (see showEvent()).
constexpr int FirstFrameWait = 1000;

bool takesTabFocus(const QWidget* widget)
{
    return widget->isVisible() && widget->isEnabled() && (widget->focusPolicy() & Qt::TabFocus)
           && !widget->focusProxy();
}

// The controls of one pane, top to bottom and left to right: F6 lands on the first.
void sortByPosition(QList<QWidget*>& widgets, const QWidget* origin)
{
    std::stable_sort(widgets.begin(), widgets.end(), [origin](const QWidget* a, const QWidget* b) {
        const QPoint pa = a->mapTo(origin, QPoint());
        const QPoint pb = b->mapTo(origin, QPoint());
        return pa.y() != pb.y() ? pa.y() < pb.y() : pa.x() < pb.x();
    });
}

} // namespace

MainWindow::MainWindow(Settings* settings, QWidget* parent)
    : QMainWindow(parent)
    , m_settings(settings)
    , m_sectionToRestore(settings->currentSection())
{
    // Before any page makes its actions, so that each finds its icon.
    ThemeIcons::installFallback();
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
    m_sidebar->setAccessibleName(tr("Sections"));
    m_sidebar->setAccessibleDescription(
        tr("Ctrl+1 to Ctrl+9, then Ctrl+0, open the sections, F6 moves to the page"));
    // The pages, under the bar that says when none of them can show anything.
    auto* pageArea = new QWidget(splitter);
    pageArea->setObjectName(QStringLiteral("pageArea"));
    m_connectionBar = new MessageBar(pageArea);
    m_connectionBar->setObjectName(QStringLiteral("connectionBar"));
    m_connectionBar->hide();
    m_pages = new QStackedWidget(pageArea);
    m_pages->setObjectName(QStringLiteral("pages"));
    auto* pageLayout = new QVBoxLayout(pageArea);
    pageLayout->setContentsMargins(0, 0, 0, 0);
    pageLayout->setSpacing(0);
    pageLayout->addWidget(m_connectionBar);
    pageLayout->addWidget(m_pages, 1);
    splitter->addWidget(m_sidebar);
    splitter->addWidget(pageArea);
    splitter->setStretchFactor(1, 1);
    splitter->setCollapsible(1, false);
    setCentralWidget(splitter);

    connect(m_sidebar, &QListWidget::currentRowChanged, this, &MainWindow::openSectionRow);
    // A screen reader's "activate" on an item (its accessible action, or choosing it through the
    // list's selection) selects it without making it current: selecting opens the section too.
    connect(m_sidebar->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            [this](const QItemSelection& selected) {
                QListWidgetItem* current = m_sidebar->currentItem();
                const QModelIndexList added = selected.indexes();
                if (!added.isEmpty() && m_sidebar->item(added.first().row()) != current)
                    m_sidebar->setCurrentRow(added.first().row(), QItemSelectionModel::ClearAndSelect);
                else if (current && !current->isSelected())
                    current->setSelected(true); // activating the open section again keeps it open
            });

    m_connectionLabel = PlainText::label(this, tr("Not connected"));
    m_connectionLabel->setObjectName(QStringLiteral("connectionLabel"));
    statusBar()->setObjectName(QStringLiteral("statusBar"));
    statusBar()->addPermanentWidget(m_connectionLabel);

    createMenus();
    // The application puts the account at a glance here once it has a connection to read.
    auto* start = new QWidget(this);
    start->setObjectName(QStringLiteral("startPage"));
    addSection(QStringLiteral("start"), QIcon(QStringLiteral(":/icons/sfdesk.svg")), tr("Start"), start);
    restoreFromSettings();
}

MainWindow::~MainWindow()
{
    // The sidebar empties as it goes; the pages it would open are going too.
    m_sidebar->disconnect(this);
    m_sidebar->selectionModel()->disconnect(this);
}

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
    auto* open = new QAction(icon, title, m_goMenu);
    open->setObjectName(QStringLiteral("actionOpen_") + id);
    // The sidebar's order: Ctrl+1 to Ctrl+9, and Ctrl+0 for the tenth, as the digit keys lie.
    const int number = int(m_sectionActions.size()) + 1;
    if (number <= 10)
        open->setShortcut(QKeySequence(Qt::CTRL | static_cast<Qt::Key>(Qt::Key_0 + number % 10)));
    open->setStatusTip(tr("Open %1").arg(title));
    connect(open, &QAction::triggered, this, [this, id] {
        setCurrentSection(id);
        // The keyboard lands in the page's list or editor, ready to use.
        const auto list = panes();
        for (const QList<QWidget*>& pane : list)
            if (qobject_cast<QAbstractScrollArea*>(pane.first()) && m_pages->isAncestorOf(pane.first())) {
                pane.first()->setFocus(Qt::ShortcutFocusReason);
                return;
            }
        if (list.size() > 1)
            list.at(1).first()->setFocus(Qt::ShortcutFocusReason);
    });
    m_goMenu->insertAction(m_paneSeparator, open);
    m_sectionActions << open;
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
    // A page's own menu (a direct child QMenu with the property sectionMenu) is in the menu bar,
    // before Help, while the page is current.
    for (QMenu* menu : constValue(page->findChildren<QMenu*>(QString(), Qt::FindDirectChildrenOnly)))
        if (menu->property("sectionMenu").toBool())
            m_sectionMenus.append({menu, page});
    updateSectionMenus();
}

void MainWindow::goToSection(const QString& id)
{
    for (QAction* open : std::as_const(m_sectionActions))
        if (open->objectName() == QStringLiteral("actionOpen_") + id)
            open->trigger();
}

void MainWindow::setSectionPage(const QString& id, QWidget* page)
{
    Q_ASSERT(m_sections.contains(id));
    installPage(id, page);
}

QWidget* MainWindow::sectionPage(const QString& id)
{
    const auto pending = std::find_if(m_pendingPages.begin(), m_pendingPages.end(),
                                      [&id](const auto& entry) { return entry.first == id; });
    if (pending != m_pendingPages.end()) {
        const PageFactory build = std::move(pending->second);
        m_pendingPages.erase(pending);
        QElapsedTimer timer;
        timer.start();
        installPage(id, build());
        qCDebug(lcUi).noquote() << "section" << id << "built in" << timer.elapsed() << "ms";
    }
    return m_sections.value(id);
}

void MainWindow::startBuildingPendingPages()
{
    // With none pending, one turn still goes by so that pagesBuilt() follows the first frame.
    if (m_buildingPendingPages || (m_pagesBuilt && m_pendingPages.isEmpty()))
        return;
    m_buildingPendingPages = true;
    QTimer::singleShot(0, this, &MainWindow::buildNextPendingPage);
}

void MainWindow::buildNextPendingPage()
{
    if (m_pendingPages.isEmpty()) {
        m_buildingPendingPages = false;
        if (!m_pagesBuilt) {
            m_pagesBuilt = true;
            Q_EMIT pagesBuilt();
        }
        return;
    }
    sectionPage(m_pendingPages.first().first);
    // One page per turn of the event loop, so input and painting go on in between.
    QTimer::singleShot(0, this, &MainWindow::buildNextPendingPage);
}

void MainWindow::showEvent(QShowEvent* event)
{
    QMainWindow::showEvent(event);
    // The sidebar as wide as its longest title, whichever page opens first: left to the splitter,
    // a wide page squeezes it, and every section would start with a sidebar of another width.
    if (!event->spontaneous() && !m_sidebarSized) {
        m_sidebarSized = true;
        const int sidebarWidth = std::clamp(m_sidebar->sizeHintForColumn(0) + 2 * m_sidebar->frameWidth()
                                                + 2 * m_sidebar->spacing() + 12,
                                            m_sidebar->minimumWidth(), m_sidebar->maximumWidth());
        auto* splitter = static_cast<QSplitter*>(centralWidget());
        splitter->setSizes({sidebarWidth, std::max(1, splitter->width() - sidebarWidth)});
    }
    // The pages not shown are built after the first frame (see event()); should no frame come (a
    // window system that does not paint a window it does not show), a while after the show.
    if (!event->spontaneous())
        QTimer::singleShot(FirstFrameWait, this, [this] {
            if (!m_firstFramePainted) {
                m_firstFramePainted = true;
                Q_EMIT firstFramePainted();
            }
            startBuildingPendingPages();
        });
}

bool MainWindow::event(QEvent* event)
{
    // The window's own paint event comes first in a frame; what is queued now runs once the whole
    // frame is painted. Building the other pages before it would keep the window blank meanwhile.
    if (event->type() == QEvent::Paint && !m_firstFramePainted) {
        m_firstFramePainted = true;
        QTimer::singleShot(0, this, [this] {
            Q_EMIT firstFramePainted();
            startBuildingPendingPages();
        });
    }
    return QMainWindow::event(event);
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
            qCDebug(lcUi).noquote() << "section" << id << "opened";
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

void MainWindow::showStatusMessage(const QString& message)
{
    statusBar()->showMessage(message, StatusMessageTimeout);
}

void MainWindow::openSectionRow(int row)
{
    if (row < 0)
        return;
    const QString id = m_sidebar->item(row)->data(SectionIdRole).toString();
    if (m_pages->currentWidget() != m_sections.value(id))
        statusBar()->clearMessage();
    m_pages->setCurrentWidget(sectionPage(id));
    m_settings->setCurrentSection(id);
    updateSectionMenus();
}

QList<QList<QWidget*>> MainWindow::panes() const
{
    QList<QList<QWidget*>> result;
    if (m_sidebar->isVisible())
        result.append({m_sidebar});
    QWidget* page = m_pages->currentWidget();
    QList<QWidget*> controls;
    if (page) {
        for (QWidget* widget : constValue(page->findChildren<QWidget*>()))
            if (takesTabFocus(widget))
                controls << widget;
    }
    // The page's main view is its largest scrolling area (a table, an editor, a chart); what is
    // above it is the toolbar, what is beside or below it the details.
    QWidget* main = nullptr;
    int mainArea = 0;
    for (QWidget* widget : std::as_const(controls)) {
        const int area = widget->width() * widget->height();
        if (qobject_cast<QAbstractScrollArea*>(widget) && area > mainArea) {
            main = widget;
            mainArea = area;
        }
    }
    QList<QWidget*> above;
    QList<QWidget*> after;
    const int mainTop = main ? main->mapTo(page, QPoint()).y() : 0;
    for (QWidget* widget : std::as_const(controls)) {
        if (main && (widget == main || main->isAncestorOf(widget)))
            continue;
        if (!main || widget->mapTo(page, QPoint(0, widget->height())).y() <= mainTop + 2)
            above << widget;
        else
            after << widget;
    }
    sortByPosition(above, page);
    sortByPosition(after, page);
    if (!above.isEmpty())
        result.append(above);
    if (main)
        result.append({main});
    if (!after.isEmpty())
        result.append(after);
    for (QDockWidget* dock : constValue(findChildren<QDockWidget*>(QString(), Qt::FindDirectChildrenOnly))) {
        QList<QWidget*> docked;
        if (dock->isVisible())
            for (QWidget* widget : constValue(dock->findChildren<QWidget*>()))
                if (takesTabFocus(widget))
                    docked << widget;
        sortByPosition(docked, dock);
        if (!docked.isEmpty())
            result.append(docked);
    }
    return result;
}

void MainWindow::focusNextPane(bool forward)
{
    const auto list = panes();
    if (list.isEmpty())
        return;
    const QWidget* focus = QApplication::focusWidget();
    int current = -1;
    for (int i = 0; i < list.size() && current < 0; ++i)
        for (const QWidget* widget : list.at(i))
            if (focus && (widget == focus || widget->isAncestorOf(focus)))
                current = i;
    const int count = int(list.size());
    const int next = current < 0 ? (forward ? 0 : count - 1) : (current + (forward ? 1 : count - 1)) % count;
    list.at(next).first()->setFocus(forward ? Qt::TabFocusReason : Qt::BacktabFocusReason);
}

QList<std::pair<QString, QString>> MainWindow::shortcutList() const
{
    QList<std::pair<QString, QString>> rows;
    const auto add = [&rows](QString text, const QString& keys) {
        text.remove(u'&');
        if (text.endsWith(u'…'))
            text.chop(1);
        const std::pair<QString, QString> row(text, keys);
        if (!rows.contains(row))
            rows << row;
    };
    for (const QAction* action : constValue(findChildren<QAction*>()))
        if (!action->shortcut().isEmpty())
            add(action->text(), action->shortcut().toString(QKeySequence::NativeText));
    // Buttons with their own key (Refresh in every list); their underlined letters are not listed.
    for (const QAbstractButton* button : constValue(findChildren<QAbstractButton*>()))
        if (!button->shortcut().isEmpty() && !button->text().isEmpty()
            && button->shortcut() != QKeySequence::mnemonic(button->text()))
            add(button->text(), button->shortcut().toString(QKeySequence::NativeText));
    add(tr("Next control; leave a table or list"), tr("Tab"));
    add(tr("Previous control"), tr("Shift+Tab"));
    add(tr("Move between rows and cells of a table"), tr("Arrow keys"));
    add(tr("Menu of the selected rows"), tr("Menu key"));
    std::sort(rows.begin(), rows.end(),
              [](const auto& a, const auto& b) { return QString::localeAwareCompare(a.first, b.first) < 0; });
    return rows;
}

void MainWindow::showShortcuts()
{
    // A scrolling table: the list grows with the sections and their actions, the screen does not.
    auto* dialog = new QDialog(this);
    dialog->setObjectName(QStringLiteral("shortcutsDialog"));
    dialog->setWindowTitle(tr("Keyboard Shortcuts"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    const auto rows = shortcutList();
    auto* table = new QTableWidget(int(rows.size()), 2, dialog);
    table->setObjectName(QStringLiteral("shortcutsTable"));
    table->setAccessibleName(tr("Keyboard shortcuts"));
    table->setHorizontalHeaderLabels({tr("Action"), tr("Keys")});
    table->verticalHeader()->hide();
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->setTabKeyNavigation(false);
    table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    table->horizontalHeader()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    for (int row = 0; row < rows.size(); ++row) {
        table->setItem(row, 0, new QTableWidgetItem(rows.at(row).first));
        table->setItem(row, 1, new QTableWidgetItem(rows.at(row).second));
    }
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, dialog);
    connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::reject);
    auto* layout = new QVBoxLayout(dialog);
    layout->addWidget(table);
    layout->addWidget(buttons);
    dialog->resize(520, 560);
    dialog->open();
}

void MainWindow::setConnectionText(const QString& text, const QString& toolTip)
{
    m_connectionLabel->setText(text);
    m_connectionLabel->setToolTip(PlainText::toolTip(toolTip));
}

void MainWindow::createMenus()
{
    auto* fileMenu = menuBar()->addMenu(tr("&File"));
    fileMenu->setObjectName(QStringLiteral("fileMenu"));
    auto* connectionsAction =
        fileMenu->addAction(ThemeIcons::icon(QStringLiteral("network-server")), tr("&Connections…"));
    connectionsAction->setObjectName(QStringLiteral("actionConnections"));
    connectionsAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
    connectionsAction->setStatusTip(tr("Choose the server, sign in or out"));
    connect(connectionsAction, &QAction::triggered, this, &MainWindow::connectionsRequested);
    auto* preferencesAction =
        fileMenu->addAction(ThemeIcons::icon(QStringLiteral("preferences-system")), tr("&Preferences…"));
    preferencesAction->setObjectName(QStringLiteral("actionPreferences"));
    preferencesAction->setShortcut(QKeySequence::Preferences);
    preferencesAction->setMenuRole(QAction::PreferencesRole);
    connect(preferencesAction, &QAction::triggered, this, [this] {
        auto* dialog = new PreferencesDialog(m_settings, this);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        dialog->open();
    });
    // The connection's limits on what a buy may cost; the Reservations menu has it too.
    auto* spendGuardAction =
        fileMenu->addAction(ThemeIcons::icon(QStringLiteral("dialog-warning")), tr("Spend &Guard…"));
    spendGuardAction->setObjectName(QStringLiteral("actionSpendGuard"));
    spendGuardAction->setStatusTip(tr("Ask again above a total, and cap what the connection buys in a day"));
    connect(spendGuardAction, &QAction::triggered, this, &MainWindow::spendGuardRequested);
    fileMenu->addSeparator();
    auto* quitAction = fileMenu->addAction(ThemeIcons::icon(QStringLiteral("application-exit")), tr("&Quit"));
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

    // Sections by number, in the sidebar's order, and the panes in turn (as in other desktop apps).
    m_goMenu = menuBar()->addMenu(tr("&Go"));
    m_goMenu->setObjectName(QStringLiteral("goMenu"));
    m_paneSeparator = m_goMenu->addSeparator();
    auto* nextPane = m_goMenu->addAction(ThemeIcons::icon(QStringLiteral("go-next")), tr("&Next Pane"));
    nextPane->setObjectName(QStringLiteral("actionNextPane"));
    nextPane->setShortcut(QKeySequence(Qt::Key_F6));
    connect(nextPane, &QAction::triggered, this, [this] { focusNextPane(true); });
    auto* previousPane =
        m_goMenu->addAction(ThemeIcons::icon(QStringLiteral("go-previous")), tr("&Previous Pane"));
    previousPane->setObjectName(QStringLiteral("actionPreviousPane"));
    previousPane->setShortcut(QKeySequence(Qt::SHIFT | Qt::Key_F6));
    connect(previousPane, &QAction::triggered, this, [this] { focusNextPane(false); });

    auto* helpMenu = menuBar()->addMenu(tr("&Help"));
    helpMenu->setObjectName(QStringLiteral("helpMenu"));
    m_helpMenu = helpMenu;
    auto* shortcutsAction = helpMenu->addAction(ThemeIcons::icon(QStringLiteral("help-keyboard-shortcuts")),
                                                tr("&Keyboard Shortcuts"));
    shortcutsAction->setObjectName(QStringLiteral("actionShortcuts"));
    shortcutsAction->setShortcut(QKeySequence::HelpContents);
    connect(shortcutsAction, &QAction::triggered, this, &MainWindow::showShortcuts);
    auto* aboutAction = helpMenu->addAction(QIcon(QStringLiteral(":/icons/sfdesk.svg")), tr("&About sfdesk"));
    aboutAction->setObjectName(QStringLiteral("actionAbout"));
    aboutAction->setMenuRole(QAction::AboutRole);
    connect(aboutAction, &QAction::triggered, this, &MainWindow::showAbout);
    auto* aboutQtAction =
        helpMenu->addAction(ThemeIcons::icon(QStringLiteral("help-about")), tr("About &Qt"));
    aboutQtAction->setObjectName(QStringLiteral("actionAboutQt"));
    aboutQtAction->setMenuRole(QAction::AboutQtRole);
    connect(aboutQtAction, &QAction::triggered, qApp, &QApplication::aboutQt);
}

void MainWindow::updateColorSchemeActions()
{
    const int current = static_cast<int>(m_settings->colorScheme());
    for (QAction* action : constValue(m_colorSchemeGroup->actions()))
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
    if (!restoreGeometry(m_settings->mainWindowGeometry())) {
        // The first start: a comfortable size, but never larger than the screen it opens on.
        QSize size(1180, 760);
        if (const QScreen* screen = this->screen())
            size = size.boundedTo(screen->availableGeometry().size());
        resize(size);
    }
    restoreState(m_settings->mainWindowState());
}

void MainWindow::updateSectionMenus()
{
    // Out of the bar, not only hidden: the bar holds an Alt+letter for every menu it has, hidden or
    // not, and the Cloud-init menu's Alt+C would make every other page's Alt+C ambiguous.
    const QList<QAction*> inBar = menuBar()->actions();
    for (const auto& [menu, page] : std::as_const(m_sectionMenus)) {
        QAction* action = menu->menuAction();
        const bool current = m_pages->currentWidget() == page;
        action->setVisible(current);
        if (current && !inBar.contains(action))
            menuBar()->insertAction(m_helpMenu->menuAction(), action);
        else if (!current && inBar.contains(action))
            menuBar()->removeAction(action);
    }
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

} // namespace sfdesk
