// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QWidget>

class QLabel;
class QPushButton;
class QTabWidget;
class QTableView;

namespace sfdesk {

class ActivityModel;
class NoticeLog;
struct Notice;

// What the app is waiting for: the calls in flight (cancellable) and the latest finished ones with
// their outcome, so a slow or failing server is visible rather than a frozen-looking view. A
// second tab lists the notifications of this run, which is where they show without a desktop
// notification service; each opens its order, pool or instance.
class ActivityPanel final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ActivityPanel)

public:
    explicit ActivityPanel(ActivityModel* model, QWidget* parent = nullptr);
    ~ActivityPanel() override;

    // Adds the Notifications tab over `notices`.
    void setNotices(NoticeLog* notices);
    QTabWidget* tabs() const { return m_tabs; }
    QTableView* noticeTable() const { return m_noticeTable; }
    // What the empty Notifications tab says: why there is nothing yet, and what will show there.
    QString noticePlaceholder() const;

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

Q_SIGNALS:
    // The user chose a notification in the list: its object is to be opened.
    void noticeActivated(const sfdesk::Notice& notice);

private:
    void updateActions();
    void updateNoticeActions();
    void openCurrentNotice();
    // The time and the notice's title as wide as their text, once rows are there and shown.
    void fitNoticeColumns();

    ActivityModel* m_model;
    QTabWidget* m_tabs;
    QTableView* m_table;
    QLabel* m_summary;
    QPushButton* m_cancel;
    QPushButton* m_clear;
    NoticeLog* m_notices = nullptr;
    QTableView* m_noticeTable = nullptr;
    QPushButton* m_openNotice = nullptr;
    QPushButton* m_clearNotices = nullptr;
    QLabel* m_noticeEmpty = nullptr;
};

} // namespace sfdesk
