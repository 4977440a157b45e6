#pragma once

#include <QWidget>

class ActivityModel;
class QLabel;
class QPushButton;
class QTableView;

// What the app is waiting for: the calls in flight (cancellable) and the latest finished ones with
// their outcome, so a slow or failing server is visible rather than a frozen-looking view.
class ActivityPanel final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ActivityPanel)

public:
    explicit ActivityPanel(ActivityModel* model, QWidget* parent = nullptr);
    ~ActivityPanel() override;

private:
    void updateActions();

    ActivityModel* m_model;
    QTableView* m_table;
    QLabel* m_summary;
    QPushButton* m_cancel;
    QPushButton* m_clear;
};
