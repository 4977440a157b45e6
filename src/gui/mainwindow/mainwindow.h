// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QHash>
#include <QMainWindow>

#include <functional>
#include <utility>

class QAction;
class QDockWidget;
class QActionGroup;
class QLabel;
class QListWidget;
class QMenu;
class QStackedWidget;

namespace sfdesk {

class MessageBar;
class Settings;

// The application shell: a sidebar of sections, a page per section, menus and a status bar.
// Feature views register themselves as sections.
class MainWindow final : public QMainWindow
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MainWindow)

public:
    explicit MainWindow(Settings* settings, QWidget* parent = nullptr);
    ~MainWindow() override;

    // Adds a page to the sidebar under a stable id (used for settings and tests).
    void addSection(const QString& id, const QIcon& icon, const QString& title, QWidget* page);
    // The same, with the page built when it is first needed: when its section opens, when
    // sectionPage() asks for it, or in the idle time after the window is shown. The window comes up
    // without waiting for pages the user has not opened yet.
    using PageFactory = std::function<QWidget*()>;
    void addSection(const QString& id, const QIcon& icon, const QString& title, PageFactory build);
    // The section's page, built now if it was not yet; nullptr for an unknown id.
    QWidget* sectionPage(const QString& id);
    // Opens the section as its Go menu item does: the keyboard lands in its list or editor.
    void goToSection(const QString& id);
    // Puts `page` in place of the section's page (the window owns it; the old one goes).
    void setSectionPage(const QString& id, QWidget* page);
    bool hasPendingPages() const { return !m_pendingPages.isEmpty(); }
    QString currentSection() const;
    bool setCurrentSection(const QString& id);
    QStringList sectionIds() const;

    // Adds a panel docked at the bottom, hidden until the user shows it from the View menu (the
    // window remembers where it was and whether it was shown). The id names it in tests and settings.
    QDockWidget* addPanel(const QString& id, const QString& title, QWidget* panel,
                          const QKeySequence& shortcut);

    // What the window is connected to, always visible in the status bar.
    void setConnectionText(const QString& text, const QString& toolTip = {});
    // A bar above every page that says why the pages show nothing ("Not signed in to Staging"),
    // with the button that does something about it; hidden while the connection works.
    MessageBar* connectionBar() const { return m_connectionBar; }

    void showAbout();
    // A passing message in the status bar; it goes after a while, and when another section opens.
    void showStatusMessage(const QString& message);

    // F6 and Shift+F6: the focus moves between the window's panes (the sidebar, the page's toolbar,
    // its table or editor, its details) and lands on the first control of the next one.
    void focusNextPane(bool forward = true);
    // What F1 lists: every shortcut of the window, with the keys that are not actions.
    QList<std::pair<QString, QString>> shortcutList() const;

Q_SIGNALS:
    // File > Connections…
    void connectionsRequested();
    // File > Spend Guard…: the current connection's.
    void spendGuardRequested();
    // The window's first frame is painted: what can wait for the user's first look starts now.
    void firstFramePainted();
    // Once, after the first frame, when no page is left to build: the window's own start is over,
    // and work that would compete with it for the UI thread or the cores can begin.
    void pagesBuilt();

protected:
    void closeEvent(QCloseEvent* event) override;
    void showEvent(QShowEvent* event) override;
    bool event(QEvent* event) override;

private:
    void createMenus();
    void addSidebarItem(const QString& id, const QIcon& icon, const QString& title);
    void installPage(const QString& id, QWidget* page);
    void buildNextPendingPage();
    void startBuildingPendingPages();
    void restoreFromSettings();
    void updateColorSchemeActions();
    void updateSectionMenus();
    void openSectionRow(int row);
    void updateGoMenu();
    void showShortcuts();
    QList<QList<QWidget*>> panes() const;

    Settings* m_settings;
    QListWidget* m_sidebar = nullptr;
    bool m_sidebarSized = false;
    QStackedWidget* m_pages = nullptr;
    QLabel* m_connectionLabel = nullptr;
    MessageBar* m_connectionBar = nullptr;
    QHash<QString, QWidget*> m_sections;
    QActionGroup* m_colorSchemeGroup = nullptr;
    QMenu* m_viewMenu = nullptr;
    QMenu* m_helpMenu = nullptr;
    QMenu* m_goMenu = nullptr;
    QList<QAction*> m_sectionActions;
    QAction* m_paneSeparator = nullptr;
    // The menus pages bring, with the page each belongs to, in the order the page made them (the
    // order they take in the bar).
    QList<std::pair<QMenu*, QWidget*>> m_sectionMenus;
    // Sections whose pages are not built yet, in the order they were added.
    QList<std::pair<QString, PageFactory>> m_pendingPages;
    bool m_buildingPendingPages = false;
    bool m_firstFramePainted = false;
    bool m_pagesBuilt = false;
    // The section the user last had open; selected again when it is added.
    QString m_sectionToRestore;
};

} // namespace sfdesk
